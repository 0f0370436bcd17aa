import Foundation

/// A one-way gate for async code: `wait()` suspends until `open()` is called, and returns at
/// once after that.
///
/// Lets a test hold an async reducer (or any task) at a known point and release it when the test
/// has done what must happen meanwhile, with no sleeps.
public final class AsyncGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a closed gate.
    public init() {}

    /// Opens the gate: every waiter resumes, and later waits return at once. Calling it again
    /// does nothing.
    public func open() {
        lock.lock()
        isOpen = true
        let resumed = waiters
        waiters = []
        lock.unlock()
        for waiter in resumed {
            waiter.resume()
        }
    }

    /// Suspends until the gate is open.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}
