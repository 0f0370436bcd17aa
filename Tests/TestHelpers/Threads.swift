import Foundation

/// Runs each body on a `Thread` of its own, all at once, and waits for all of them.
///
/// Real threads, not tasks: the cooperative pool has as many threads as cores (two on CI), so
/// tasks would not make as many threads contend as the test asks for. The wait happens on a
/// thread of its own, not on the caller's: a test that blocked a cooperative thread would starve
/// the tests running beside it (a `TestStore` waiting for an async reducer's task, say).
///
/// - Parameters:
///   - timeout: How long to wait, in seconds.
///   - bodies: The work, one body per thread.
/// - Returns: Whether every body finished within `timeout`. On a deadlock the stuck threads stay
///   stuck; the caller records the failure and must not touch what they use again.
public func runOnThreads(timeout: TimeInterval = 30, _ bodies: [@Sendable () -> Void]) async -> Bool {
    let finished = DispatchGroup()
    for body in bodies {
        finished.enter()
        Thread {
            body()
            finished.leave()
        }.start()
    }
    return await onOwnThread { finished.wait(timeout: .now() + timeout) == .success }
}

/// Runs blocking work on a thread of its own and waits for it without holding a thread of the
/// cooperative pool or of Dispatch's global queues, which the tests running beside the caller
/// need (on Linux the pool and `DispatchQueue.global()` are as wide as the machine has cores, so
/// a few seconds of blocking there starve every other test's effects).
///
/// Record no test issue in `body` (`#expect`, `#require`): it runs outside the test's task, so
/// return what to check and check it in the caller.
///
/// - Parameter body: The blocking work.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws; nothing when it cannot throw.
public func onOwnThread<Value: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
        Thread {
            continuation.resume(returning: Result { () throws(Failure) in try body() })
        }.start()
    }
    return try result.get()
}

/// Whether `semaphore` is signalled within `seconds`, waiting for it on the calling thread.
///
/// A function of its own, so that async tests may block on purpose: Darwin marks
/// `DispatchSemaphore.wait` unavailable from async contexts.
///
/// - Parameters:
///   - semaphore: The semaphore to wait for.
///   - seconds: How long to wait.
/// - Returns: `false` when the time ran out.
public func signalled(_ semaphore: DispatchSemaphore, within seconds: Double = 10) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}
