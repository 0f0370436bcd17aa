import ReduxCore

/// Counts the work an awaited dispatch is waiting for: the action itself, then every async
/// reducer it (or one of the results it led to) started.
///
/// - Note: `@unchecked Sendable`: `pending` and `running` are only read and written under the
///   store's lock; `onSettled` is called once, by the thread that brings `pending` to zero.
final class DispatchTracker: @unchecked Sendable {
    private var pending = 1
    /// The async reducers started and not yet delivered, in the order started.
    private(set) var running: [Any.Type] = []
    private let onSettled: @Sendable () -> Void

    /// Creates a tracker for one awaited dispatch.
    ///
    /// - Parameter onSettled: Called once, outside the store's lock, when the action and every
    ///   async reducer result it led to have been applied.
    init(onSettled: @escaping @Sendable () -> Void) {
        self.onSettled = onSettled
    }

    /// Notes one more piece of work to wait for: an async reducer that started. Call under the
    /// store's lock.
    ///
    /// - Parameter reducerType: The async reducer's type.
    func begin(_ reducerType: Any.Type) {
        pending += 1
        running.append(reducerType)
    }

    /// Notes that an async reducer called its completion; its result is on its way into the
    /// store. Call under the store's lock.
    ///
    /// - Parameter reducerType: The async reducer's type.
    func noteDelivered(by reducerType: Any.Type) {
        if let index = running.firstIndex(where: { $0 == reducerType }) {
            running.remove(at: index)
        }
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

    /// The async reducers the action (or a result it led to) started that have not called their
    /// completion yet, in the order started; a type appears once per reduction.
    package var runningReducerTypes: [Any.Type] {
        lock.withLock { tracker.running }
    }
}
