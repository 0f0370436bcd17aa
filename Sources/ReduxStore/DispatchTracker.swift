/// Counts the work an awaited dispatch is waiting for: the action itself, then every async
/// reducer it (or one of the results it led to) started.
///
/// - Note: `@unchecked Sendable`: `pending` is only read and written under the store's lock;
///   the continuation is resumed once, by the thread that brings `pending` to zero.
final class DispatchTracker: @unchecked Sendable {
    private var pending = 1
    private let continuation: CheckedContinuation<Void, Never>

    init(continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    /// Notes one more piece of work to wait for. Call under the store's lock.
    func begin() {
        pending += 1
    }

    /// Notes that a piece of work finished. Call under the store's lock.
    ///
    /// - Returns: Whether that was the last one, so the caller must call ``resume()``.
    func finish() -> Bool {
        pending -= 1
        return pending == 0
    }

    /// Wakes the awaiting task. Call once, outside the lock.
    func resume() {
        continuation.resume()
    }
}
