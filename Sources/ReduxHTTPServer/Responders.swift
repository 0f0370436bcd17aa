internal import Foundation

/// The few threads that compute the server's answers, so that the serving loop goes on
/// accepting, reading and writing while one answer takes long (a test of a long range); which
/// request runs next is the ``AnswerQueue``'s: cheap ones first, at most a few expensive ones at
/// once, clients in turn, bounded.
///
/// - Note: `@unchecked Sendable`: `condition` guards the queue and `isStopping`.
final class Responders: @unchecked Sendable {
    /// How many requests are answered at once; more wait their turn.
    static let threadCount = 4

    private let condition = NSCondition()
    private var queue: AnswerQueue<@Sendable () -> Void>
    private var isStopping = false
    private let ended = DispatchSemaphore(value: 0)

    /// Starts the threads.
    ///
    /// - Parameters:
    ///   - name: What the threads are called, with their number.
    ///   - limits: The bounds of the waiting requests; at most `threadCount - 2` expensive ones run
    ///     at once, so two responders are left for cheap requests.
    init(name: String, limits: HTTPServer.Limits) {
        queue = AnswerQueue(
            limits: .init(
                waitingPerClient: limits.waitingPerClient, waitingInAll: limits.waitingInAll,
                expensiveAtOnce: max(1, Self.threadCount - 2)))
        for number in 1...Self.threadCount {
            let thread = Thread { [self] in
                work()
                ended.signal()
            }
            thread.name = "\(name) \(number)"
            thread.start()
        }
    }

    /// Queues a job for a thread of the pool, unless its client or the queue is full.
    ///
    /// - Parameters:
    ///   - client: Whose request it is.
    ///   - cost: Whether it is cheap or expensive.
    ///   - work: Computes an answer and hands it to the loop.
    /// - Returns: Whether it was queued (false: answer 503).
    func answer(client: String, cost: HTTPCost, _ work: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isStopping, queue.enqueue(work, client: client, cost: cost) else { return false }
        condition.signal()
        return true
    }

    /// Drops the jobs still waiting and returns when every thread has ended (a job under way is
    /// finished first: a test is bounded in time).
    func stop() {
        condition.lock()
        isStopping = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
        for _ in 0..<Self.threadCount {
            ended.wait()
        }
    }

    /// A thread's loop: takes a job the queue lets run, runs it, until stopped.
    private func work() {
        condition.lock()
        while !isStopping {
            guard let (job, cost) = queue.next() else {
                condition.wait()
                continue
            }
            condition.unlock()
            job()
            condition.lock()
            queue.finished(cost)
            // An expensive one finished: another may run now.
            condition.signal()
        }
        condition.unlock()
    }
}
