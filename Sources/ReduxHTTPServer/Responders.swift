internal import Dispatch
internal import Foundation
internal import ReduxShared

/// The few threads that compute the server's answers, so that the serving loop goes on
/// accepting, reading and writing while one answer takes long (a test of a long range).
///
/// - Note: `@unchecked Sendable`: `lock` guards the jobs and `isStopping`; the threads take
///   jobs in order.
final class Responders: @unchecked Sendable {
    /// How many requests are answered at once; more wait their turn.
    static let threadCount = 4

    private let lock = Lock()
    private var jobs: [@Sendable () -> Void] = []
    private var isStopping = false
    private let waiting = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts the threads.
    ///
    /// - Parameter name: What the threads are called, with their number.
    init(name: String) {
        for number in 1...Self.threadCount {
            let thread = Thread { [self] in
                work()
                ended.signal()
            }
            thread.name = "\(name) \(number)"
            thread.start()
        }
    }

    /// Runs a job on a thread of the pool, in turn.
    ///
    /// - Parameter work: Computes an answer and hands it to the loop.
    func answer(_ work: @escaping @Sendable () -> Void) {
        lock.withLock { jobs.append(work) }
        waiting.signal()
    }

    /// Drops the jobs still waiting and returns when every thread has ended (a job under way is
    /// finished first: a test is bounded in time).
    func stop() {
        lock.withLock {
            isStopping = true
            jobs.removeAll()
        }
        for _ in 0..<Self.threadCount {
            waiting.signal()
        }
        for _ in 0..<Self.threadCount {
            ended.wait()
        }
    }

    /// A thread's loop: takes a job, runs it, until stopped.
    private func work() {
        while true {
            waiting.wait()
            let (job, stopping) = lock.withLock { () -> ((@Sendable () -> Void)?, Bool) in
                guard !isStopping, !jobs.isEmpty else { return (nil, isStopping) }
                return (jobs.removeFirst(), false)
            }
            if stopping { return }
            job?()
        }
    }
}
