internal import Foundation
internal import ReduxShared

/// What `GET /api/test` answers: the test the server is writing, or the one it wrote last.
struct SwiftTestJobStatus: Codable, Equatable, Sendable {
    /// Where the job is.
    enum State: String, Codable, Sendable {
        /// No test was asked for (or the session it was of was replaced).
        case none
        /// The test is being written.
        case running
        /// The test was cancelled while being written; it is dropped once its writing returns.
        case cancelling
        /// The test was cancelled, and nothing is being written.
        case cancelled
        /// The test was written: `source`.
        case done
        /// The range cannot be written as a test: `error` says why.
        case failed
    }

    var state: State
    /// The range's first entry.
    var from: Int?
    /// The range's last entry.
    var through: Int?
    /// The suite's name.
    var name: String?
    /// The test, once written.
    var source: String?
    /// Why the test could not be written.
    var error: String?
    /// The HTTP status that says why (404 for a range outside the session, 422 otherwise).
    var status: Int?

    /// No job.
    static let none = SwiftTestJobStatus(state: .none)

    /// Whether a test is being written (a cancelled one included, until its writing returns).
    var isBusy: Bool {
        state == .running || state == .cancelling
    }
}

/// The test job as a state machine, with no thread: one job at a time, which a cancel drops.
///
/// ```swift
/// var machine = SwiftTestJobMachine()
/// let job = machine.start(from: 3, through: 8, name: "RecordedSessionTests")  // 1; nil while busy
/// machine.cancel()                                                           // cancelling
/// machine.finish(job!, with: .success(source))                               // cancelled: dropped
/// ```
struct SwiftTestJobMachine: Sendable {
    /// The job under way or the last one.
    private(set) var status = SwiftTestJobStatus.none
    /// The number of the job `status` is about.
    private var job = 0

    /// Starts a job, unless one is being written.
    ///
    /// - Returns: The job's number, for ``finish(_:with:)``; nil while another is busy.
    mutating func start(from first: Int, through last: Int, name: String) -> Int? {
        guard !status.isBusy else { return nil }
        job += 1
        status = SwiftTestJobStatus(state: .running, from: first, through: last, name: name)
        return job
    }

    /// Cancels the job being written: its test is dropped when its writing returns. Does nothing
    /// when none is.
    mutating func cancel() {
        guard status.state == .running else { return }
        status.state = .cancelling
    }

    /// Ends a job with what its writing returned: the test or why not, or nothing when it was
    /// cancelled. A job other than the current one changes nothing.
    mutating func finish(_ finished: Int, with outcome: Result<String, InspectorError>) {
        guard finished == job, status.isBusy else { return }
        guard status.state == .running else {
            status.state = .cancelled
            return
        }
        switch outcome {
        case .success(let source):
            status.state = .done
            status.source = source
        case .failure(let error):
            status.state = .failed
            status.error = error.message
            status.status = error.kind == .noSuchEntry ? 404 : 422
        }
    }

    /// Forgets a finished job (its session was replaced); a busy one is left as it is.
    mutating func forget() {
        guard !status.isBusy else { return }
        status = .none
    }
}

/// The server's test job: written on a thread of its own, never a thread that answers requests,
/// one at a time.
///
/// - Note: `@unchecked Sendable`: `lock` guards `machine`.
final class SwiftTestJobs: @unchecked Sendable {
    private let lock = Lock()
    private var machine = SwiftTestJobMachine()
    /// What the writing threads are called.
    private let threadName: String

    /// No job yet.
    ///
    /// - Parameter threadName: What the threads that write the tests are called.
    init(threadName: String) {
        self.threadName = threadName
    }

    /// The job under way, or the last one.
    var status: SwiftTestJobStatus {
        lock.withLock { machine.status }
    }

    /// Starts writing a test on a thread of its own, unless one is being written.
    ///
    /// - Parameters:
    ///   - first: The range's first entry.
    ///   - last: The range's last entry.
    ///   - name: The suite's name.
    ///   - write: Writes the test; called on the job's thread.
    /// - Returns: The job, running; nil when another is busy (the caller answers with
    ///   ``status``, which says which).
    func start(
        from first: Int, through last: Int, name: String,
        write: @escaping @Sendable () throws(InspectorError) -> String
    ) -> SwiftTestJobStatus? {
        let started = lock.withLock { () -> (Int, SwiftTestJobStatus)? in
            machine.start(from: first, through: last, name: name).map { ($0, machine.status) }
        }
        guard let (job, status) = started else { return nil }
        let thread = Thread { [self] in
            let outcome = Result { () throws(InspectorError) in try write() }
            lock.withLock { machine.finish(job, with: outcome) }
        }
        thread.name = threadName
        thread.start()
        return status
    }

    /// Cancels the job being written, if one is.
    ///
    /// - Returns: The job as it is now.
    func cancel() -> SwiftTestJobStatus {
        lock.withLock {
            machine.cancel()
            return machine.status
        }
    }

    /// Forgets a finished job: its session was replaced.
    func forget() {
        lock.withLock { machine.forget() }
    }
}
