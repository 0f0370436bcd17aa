import ReduxCore
import ReduxReducers

/// Counts the work an awaited dispatch is waiting for: the action itself, every effect it (or
/// one of the actions it led to) started, and every change or follow-up action those effects
/// handed back, until each has landed.
///
/// - Note: `@unchecked Sendable`: `pending`, `runningEffects` and `started` are only read and
///   written under the store's lock; `onSettled` is called once, by the thread that brings `pending` to zero.
final class DispatchTracker: @unchecked Sendable {
    private var pending = 1
    /// The effects that run, by identity, with the order they started in: O(1) to add and remove
    /// however many effects one dispatch starts.
    private var runningEffects: [ObjectIdentifier: (order: Int, reducerType: Any.Type)] = [:]
    /// How many effects have started, for their order.
    private var started = 0
    private let onSettled: @Sendable () -> Void

    /// The async reducers whose effects run, in the order started.
    ///
    /// - Complexity: O(*k* log *k*) for *k* running effects; read only when a test times out.
    var running: [Any.Type] {
        runningEffects.values.sorted { $0.order < $1.order }.map(\.reducerType)
    }

    /// Creates a tracker for one awaited dispatch.
    ///
    /// - Parameter onSettled: Called once, outside the store's lock, when the action and
    ///   everything it caused have landed.
    init(onSettled: @escaping @Sendable () -> Void) {
        self.onSettled = onSettled
    }

    /// Notes one more piece of work to wait for: an effect that started. Call under the store's
    /// lock.
    ///
    /// - Parameter effect: The effect.
    func begin(_ effect: RunningEffect) {
        pending += 1
        runningEffects[ObjectIdentifier(effect)] = (started, effect.reducerType)
        started += 1
    }

    /// Notes that an effect ended or was cancelled. Call under the store's lock.
    ///
    /// - Returns: Whether that was the last piece of work, so the caller must call ``resume()``.
    func end(_ effect: RunningEffect) -> Bool {
        runningEffects[ObjectIdentifier(effect)] = nil
        return finish()
    }

    /// Notes one more piece of work to wait for: an action an effect handed back. Call under the
    /// store's lock.
    func addPending() {
        pending += 1
    }

    /// Notes that a piece of work finished. Call under the store's lock.
    ///
    /// - Returns: Whether that was the last one, so the caller must call ``resume()``.
    func finish() -> Bool {
        pending -= 1
        return pending == 0
    }

    /// Tells the waiter that everything was applied. Call once, outside the lock.
    func resume() {
        onSettled()
    }
}

/// What an awaited dispatch is still waiting for, for ReduxTesting's timeouts.
package struct DispatchProgress: Sendable {
    let tracker: DispatchTracker
    let lock: Lock

    /// The async reducers whose effects, started by the action or what it led to, still run, in
    /// the order started; a type appears once per effect.
    package var runningReducerTypes: [Any.Type] {
        lock.withLock { tracker.running }
    }
}
