internal import ReduxCore
internal import ReduxReducers

/// Counts the work an awaited dispatch is waiting for: the action itself, every effect it (or
/// one of the actions it led to) started, and every change or follow-up action those effects
/// handed back, until each has landed.
///
/// - Note: `@unchecked Sendable`: `pending` is only read and written under the store's lock;
///   the waiter is resumed once, by the thread that brings `pending` to zero.
class DispatchTracker: @unchecked Sendable {
    /// The closure to call when everything landed; nil when nobody waits, or when the subclass
    /// tells its own waiter (``DrainingTracker``).
    private let onSettled: (@Sendable () -> Void)?

    private var pending = 1
    /// Who owns the work the action starts: the scopes of the presented children and elements the
    /// action was sent from (``Store/cancelEffects(ownedBy:)``); empty for any other dispatch.
    final let owners: [AnyHashable]

    /// Creates a tracker that calls a closure.
    ///
    /// - Parameter onSettled: Called once, outside the store's lock, when the action and
    ///   everything it caused have landed.
    init(onSettled: @escaping @Sendable () -> Void) {
        self.onSettled = onSettled
        owners = []
    }

    /// Creates a tracker that marks the work an action starts, and the work that work leads to,
    /// as owned; nobody waits for it.
    ///
    /// - Parameter owners: The owners.
    init(owners: [AnyHashable]) {
        onSettled = nil
        self.owners = owners
    }

    /// Creates the tracker of a subclass that tells its own waiter (``DrainingTracker``).
    init() {
        onSettled = nil
        owners = []
    }

    /// Notes one more piece of work to wait for: an effect that started, or an action an effect
    /// handed back. Call under the store's lock.
    final func addPending() {
        pending += 1
    }

    /// Counts from one again, for a tracker kept for another dispatch: everything the last one
    /// waited for has landed, and nothing else holds the tracker.
    final func restart() {
        pending = 1
    }

    /// Notes that a piece of work finished: an effect ended or was cancelled, an action landed.
    /// Call under the store's lock.
    ///
    /// - Returns: Whether that was the last one, so the caller must call ``resume()``.
    final func finish() -> Bool {
        pending -= 1
        return pending == 0
    }

    /// Tells the waiter that everything was applied. Call once, outside the lock.
    func resume() {
        onSettled?()
    }
}
