internal import ReduxCore
internal import ReduxReducers

/// Counts the work an awaited dispatch is waiting for: the action itself, every effect it (or
/// one of the actions it led to) started, and every change or follow-up action those effects
/// handed back, until each has landed.
///
/// - Note: `@unchecked Sendable`: `pending` is only read and written under the store's lock;
///   the waiter is resumed once, by the thread that brings `pending` to zero.
final class DispatchTracker: @unchecked Sendable {
    /// Who waits: a suspended task, or a closure to call.
    private enum Waiter {
        /// A task suspended in ``Store/dispatchAndWait(_:fileID:line:)``, kept as it is: wrapping its
        /// `resume()` in a closure would allocate the closure's context for every awaited dispatch
        /// (B7 in <doc:Performance>).
        ///
        /// Checked, not unsafe: `UnsafeContinuation.resume()` is inlined into this module, where
        /// Thread Sanitizer sees it read the suspended task's frame but cannot see the
        /// concurrency runtime's synchronisation, so it reports a race that is not one
        /// (swiftlang/swift#57803). The project's sanitizer run must stay clean.
        case task(CheckedContinuation<Void, Never>)
        /// A closure (ReduxTesting's form, which can give up on an effect that never returns).
        case closure(@Sendable () -> Void)
    }

    private var pending = 1
    private let waiter: Waiter
    /// Who owns the work the action starts: the scopes of the presented children and elements the
    /// action was sent from (``Store/cancelEffects(ownedBy:)``); empty for any other dispatch.
    let owners: [AnyHashable]

    /// Creates a tracker that resumes a suspended task.
    ///
    /// - Parameter continuation: Resumed once, outside the store's lock, when the action and
    ///   everything it caused have landed.
    init(continuation: CheckedContinuation<Void, Never>) {
        waiter = .task(continuation)
        owners = []
    }

    /// Creates a tracker that calls a closure.
    ///
    /// - Parameter onSettled: Called once, outside the store's lock, when the action and
    ///   everything it caused have landed.
    init(onSettled: @escaping @Sendable () -> Void) {
        waiter = .closure(onSettled)
        owners = []
    }

    /// Creates a tracker that marks the work an action starts, and the work that work leads to,
    /// as owned; nobody waits for it.
    ///
    /// - Parameter owners: The owners.
    init(owners: [AnyHashable]) {
        waiter = .closure {}
        self.owners = owners
    }

    /// Notes one more piece of work to wait for: an effect that started, or an action an effect
    /// handed back. Call under the store's lock.
    func addPending() {
        pending += 1
    }

    /// Notes that a piece of work finished: an effect ended or was cancelled, an action landed.
    /// Call under the store's lock.
    ///
    /// - Returns: Whether that was the last one, so the caller must call ``resume()``.
    func finish() -> Bool {
        pending -= 1
        return pending == 0
    }

    /// Tells the waiter that everything was applied. Call once, outside the lock.
    func resume() {
        switch waiter {
        case .task(let continuation): continuation.resume()
        case .closure(let onSettled): onSettled()
        }
    }
}
