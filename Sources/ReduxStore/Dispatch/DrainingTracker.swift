import Dispatch
internal import ReduxAtomics
import Synchronization

/// The tracker of ``Store/dispatchAndWait(_:fileID:line:)`` where task executors exist: the tasks
/// of the effects the awaited action starts prefer it as their task executor, and the awaiting
/// task, which has nothing else to do, runs their jobs itself on its own thread
/// (``runHeldJobs()``).
///
/// Work that lands its change without suspending (the common case) then costs one job, run at
/// once, instead of two scheduled on the pool: the effect's task, and the awaiting task resumed.
/// Work that suspends (a network call, a sleep) is not waited for on the thread: once no job is
/// held the awaiting task suspends, and from then on the jobs go to Dispatch's global queues,
/// still run with this executor as their task executor so that each hop of their tasks is one
/// enqueue.
///
/// One job is held for the awaiting thread at a time; a job queued while one is held goes to
/// Dispatch at once, so work that runs child tasks in parallel (`async let`, a task group) still
/// runs in parallel.
///
/// - Note: `@unchecked Sendable`: the jobs' state is guarded by its mutex, and `pending` by the
///   store's lock (``DispatchTracker``).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class DrainingTracker: DispatchTracker, TaskExecutor, @unchecked Sendable {
    /// What the awaiting thread runs, and how it learns that the action settled.
    private struct Jobs: ~Copyable {
        /// The job held for the awaiting thread.
        var held: UnownedJob?
        /// Whether the awaiting thread still takes jobs: false once it found none held.
        var takes = true
        /// Whether the action and everything it caused have landed.
        var settled = false
        /// The awaiting task, suspended because it took no more jobs before the action settled.
        var waiter: Waiter?
    }

    /// A suspended awaiting task's continuation, boxed: an optional reference is one word, which
    /// the tracker's state copies and destroys inline, where an optional continuation (a type of
    /// the standard library, whose layout is resilient) went through its value witnesses and its
    /// type's metadata at every awaited dispatch, suspended or not.
    private final class Waiter: Sendable {
        let continuation: CheckedContinuation<Void, Never>

        init(_ continuation: CheckedContinuation<Void, Never>) {
            self.continuation = continuation
        }
    }

    /// A `Mutex`, not the package's `Lock`: it lives inside this object, so an awaited dispatch
    /// allocates no lock of its own. Reached only through ``withJobs(_:)``.
    private let jobs = Mutex(Jobs())

    /// Holds the job for the awaiting thread if it takes jobs and holds none; else runs it on
    /// Dispatch's global queue for its priority.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let isHeld = withJobs { jobs in
            guard jobs.takes, jobs.held == nil else { return false }
            jobs.held = job
            return true
        }
        if isHeld { return }
        DispatchQueue.global(qos: Self.qos(job.priority)).async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }

    override func resume() {
        let waiter = withJobs { jobs in
            jobs.settled = true
            return jobs.waiter.take()
        }
        waiter?.continuation.resume()
    }

    /// Runs the held jobs on the calling thread until none is held.
    ///
    /// Not `async`: the awaiting task calls it without a hop or an async frame of its own, and only
    /// suspends (``suspendUntilSettled()``) when the work did.
    ///
    /// - Returns: Whether the action has settled, so the awaiting task need not suspend.
    func runHeldJobs() -> Bool {
        while true {
            let (job, settled) = withJobs { jobs in
                guard let job = jobs.held.take() else {
                    jobs.takes = false
                    return (nil as UnownedJob?, jobs.settled)
                }
                return (job, false)
            }
            guard let job else { return settled }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Suspends the awaiting task until the action has settled; call after ``runHeldJobs()``
    /// returned false.
    func suspendUntilSettled() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let settled = withJobs { jobs in
                if !jobs.settled { jobs.waiter = Waiter(waiter) }
                return jobs.settled
            }
            if settled { waiter.resume() }
        }
    }

    /// The tracker an earlier awaited dispatch of the store kept in `spare`, taken out of it; a new
    /// one if there is none.
    ///
    /// Each awaited dispatch needs a tracker of its own, and allocating one, with its mutex and
    /// its base's state, then freeing it cost about a fifth of an effect that lands at once. A
    /// store keeps one spare, in an atomic word that holds a retained reference or zero.
    ///
    /// - Parameter spare: The store's word for its spare tracker.
    /// - Returns: A tracker counting from one, that takes jobs, not settled.
    static func take(from spare: UnsafeMutablePointer<redux_atomic_word>) -> DrainingTracker {
        var kept = redux_atomic_word_load(spare)
        if kept != 0, redux_atomic_word_compare_exchange(spare, &kept, 0),
            let pointer = UnsafeRawPointer(bitPattern: kept)
        {
            return Unmanaged<DrainingTracker>.fromOpaque(pointer).takeRetainedValue()
        }
        return DrainingTracker()
    }

    /// Keeps a tracker whose dispatch settled in `spare` for the store's next awaited dispatch, as
    /// new, if nothing else holds it (no effect's record or task) and `spare` is empty; else lets
    /// it go.
    ///
    /// - Parameters:
    ///   - tracker: The tracker; its dispatch returned without suspending.
    ///   - spare: The store's word for its spare tracker.
    static func keep(_ tracker: inout DrainingTracker, in spare: UnsafeMutablePointer<redux_atomic_word>) {
        guard isKnownUniquelyReferenced(&tracker) else { return }
        tracker.restart()
        tracker.withJobs { jobs in jobs = Jobs() }
        let pointer = Unmanaged.passRetained(tracker).toOpaque()
        var empty = 0
        if !redux_atomic_word_compare_exchange(spare, &empty, Int(bitPattern: pointer)) {
            Unmanaged<DrainingTracker>.fromOpaque(pointer).release()
        }
    }

    /// Lets go of the tracker kept in `spare`, if any: the store is going away.
    ///
    /// - Parameter spare: The store's word for its spare tracker.
    static func release(from spare: UnsafeMutablePointer<redux_atomic_word>) {
        if let pointer = UnsafeRawPointer(bitPattern: redux_atomic_word_load(spare)) {
            Unmanaged<DrainingTracker>.fromOpaque(pointer).release()
        }
    }

    /// Runs `body` holding the jobs' mutex, with the hold marked for Thread Sanitizer, which does
    /// not see the mutex's hand-over to a waiting thread on Linux (a priority-inheritance futex,
    /// handed over in the kernel) and would report the state's accesses as races.
    private func withJobs<Result>(_ body: (inout Jobs) -> Result) -> Result {
        jobs.withLock { jobs in
            let marker = Unmanaged.passUnretained(self).toOpaque()
            redux_sanitizer_hand_over(marker, true)
            defer { redux_sanitizer_hand_over(marker, false) }
            return body(&jobs)
        }
    }

    /// The Dispatch quality of service nearest a job's priority.
    private static func qos(_ priority: JobPriority) -> DispatchQoS.QoSClass {
        switch priority.rawValue {
        case TaskPriority.high.rawValue...: .userInitiated
        case TaskPriority.medium.rawValue...: .default
        case TaskPriority.low.rawValue...: .utility
        default: .background
        }
    }
}
