import Dispatch
import ReduxCore
internal import ReduxShared

/// A one-way gate that another thread opens (a store's settle callback, a barrier in its serial
/// order, a change a test store waits for), and that a task awaits with a deadline.
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
