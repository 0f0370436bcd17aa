import Dispatch
import MultiRedux
import ReduxCore
import ReduxStore

/// One action the test store dispatched and waits for: the step that sent it, and what the
/// real store still has to apply before the action has settled.
///
/// The test store waits with a time limit, so an async reducer that never delivers
/// fails the step instead of hanging the test. A dispatch that timed out stays in the test
/// store's list until it settles (its result then joins the held ones) or the test ends.
struct AwaitedDispatch: Sendable {
    /// The step that dispatched, for messages: `send(LoadProfile)`.
    let step: String
    /// The dispatched action, described for messages: `LoadProfile(id: 7)`.
    let action: String
    /// Which async reducers the real store is still waiting for.
    private let progress: DispatchProgress
    /// Opens when the action and every async result it led to have been applied.
    private let settlement: Settlement

    /// Dispatches an action through a store and starts watching it.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch, as the test store's middleware expects it.
    ///   - description: The action described for messages.
    ///   - step: The step that dispatched.
    ///   - store: The real store.
    init<Root>(_ action: any Action, describedAs description: String, during step: String, through store: Store<Root>) {
        let settlement = Settlement()
        self.step = step
        self.action = description
        self.settlement = settlement
        progress = store.dispatch(action, onSettled: settlement.open)
    }

    /// Whether the action and every async result it led to have been applied.
    var isSettled: Bool { settlement.isOpen }

    /// The names of the async reducers that have not delivered their change yet, in the order
    /// they started.
    var runningReducers: [String] {
        progress.runningReducerTypes.map(ValueDescription.name(of:))
    }

    /// Waits until the dispatch settles or the deadline passes.
    ///
    /// - Parameter deadline: When to give up; nil waits for as long as it takes.
    /// - Returns: Whether the dispatch settled.
    func wait(until deadline: DispatchTime?) async -> Bool {
        await settlement.wait(until: deadline)
    }
}

/// A one-way gate that a store's settle callback opens, and that a task awaits with a deadline.
///
/// The deadline is a Dispatch timer, so it works on every platform the package supports. A
/// timer that fires after the gate opened, or after its waiter already gave up, does nothing;
/// so does an opening after the waiter gave up (a late completion).
final class Settlement: Sendable {
    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct Storage {
        var isOpen = false
        var waiter: Waiter?
        var waits = 0
    }

    private let storage = LockedValue(Storage())

    /// Whether the gate is open.
    var isOpen: Bool {
        storage.withLock { $0.isOpen }
    }

    /// Opens the gate and wakes the waiter, if any. Safe to call from any thread, more than once.
    @Sendable func open() {
        let waiter = storage.withLock { storage in
            storage.isOpen = true
            defer { storage.waiter = nil }
            return storage.waiter
        }
        waiter?.continuation.resume(returning: true)
    }

    /// Waits until the gate opens or the deadline passes. One waiter at a time.
    ///
    /// - Parameter deadline: When to give up; nil waits for as long as it takes.
    /// - Returns: Whether the gate opened.
    func wait(until deadline: DispatchTime?) async -> Bool {
        await withCheckedContinuation { continuation in
            let id: Int? = storage.withLock { storage in
                guard !storage.isOpen else { return nil }
                precondition(storage.waiter == nil, "ReduxTesting: two tasks wait for the same dispatch")
                storage.waits += 1
                storage.waiter = Waiter(id: storage.waits, continuation: continuation)
                return storage.waits
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            if let deadline {
                DispatchQueue.global().asyncAfter(deadline: deadline) { self.giveUp(waiter: id) }
            }
        }
    }

    /// Wakes a waiter whose deadline passed, unless the gate opened first or another wait began.
    private func giveUp(waiter id: Int) {
        let waiter = storage.withLock { storage -> Waiter? in
            guard let waiter = storage.waiter, waiter.id == id else { return nil }
            storage.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: false)
    }
}
