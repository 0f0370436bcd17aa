import MultiRedux
import ReduxCore
import ReduxReducers
internal import ReduxShared

/// A clock that stands still until the test moves it: debounce, timeouts and delays tested with
/// no sleeping. Give it to the store as its `clock` dependency.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(initialState: AppState(), features: features, dependencies: Dependencies { $0.clock = clock })
/// store.dispatch(Search(query: "milk"))
/// await clock.advance(by: .milliseconds(300))   // the search reaches its debounce, then runs
/// ```
///
/// `sleep(until:tolerance:)` suspends until ``advance(by:)`` moves the clock to the deadline, and
/// throws `CancellationError` at once when the sleeping task is cancelled (cancel-in-flight).
/// Its instants are `ContinuousClock`'s, counted from when the clock was made.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class TestClock: Clock, Sendable {
    private struct Sleeper {
        var id: Int
        var deadline: ContinuousClock.Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Timeline {
        var now: ContinuousClock.Instant
        var nextID = 0
        var sleepers: [Sleeper] = []
        /// The work the stores using this clock are running (their effects), started and not ended.
        var activeWork = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let timeline: LockedValue<Timeline>

    /// A clock standing at the moment it is made.
    public init() {
        timeline = LockedValue(Timeline(now: .now))
    }

    /// The clock's time: when it was made, plus how far the test moved it.
    public var now: ContinuousClock.Instant {
        timeline.withLock { $0.now }
    }

    /// No resolution limit: the clock reaches exactly the instants the test moves it to.
    public var minimumResolution: Duration { .zero }

    /// Waits until the test moves the clock to `deadline`; returns at once for a deadline
    /// reached already.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock wakes exactly at the deadline.
    /// - Throws: `CancellationError` when the sleeping task is cancelled.
    public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        let id = timeline.withLock { timeline in
            defer { timeline.nextID += 1 }
            return timeline.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let watchers = timeline.withLock { timeline -> [CheckedContinuation<Void, Never>] in
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return []
                    }
                    if deadline <= timeline.now {
                        continuation.resume()
                        return []
                    }
                    timeline.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let count = timeline.sleepers.count
                    let ready = timeline.watchers.filter { count >= $0.count }
                    timeline.watchers.removeAll { count >= $0.count }
                    return ready.map(\.continuation)
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let cancelled = timeline.withLock { timeline in
                timeline.sleepers.firstIndex { $0.id == id }.map { timeline.sleepers.remove(at: $0) }
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` tasks are sleeping on the clock. ``advance(by:)`` already
    /// lets started work reach its sleep; wait explicitly only for work that sleeps after waiting
    /// on something else.
    ///
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isReady = timeline.withLock { timeline in
                guard timeline.sleepers.count < count else { return true }
                timeline.watchers.append((count, continuation))
                return false
            }
            if isReady { continuation.resume() }
        }
    }

    /// Moves the clock on, waking the tasks whose deadline it reaches, in the order of their
    /// deadlines, as real time would.
    ///
    /// The effects that stores using this clock (as their `clock` dependency) are running are
    /// first let run until each sleeps on the clock or ends, so the test needs no
    /// ``waitForSleepers(_:)``. The clock then moves from one deadline to the next within
    /// `duration`, letting the work it wakes run on after each (a timer that sleeps again wakes
    /// again), and stops at `now + duration`.
    ///
    /// ```swift
    /// await store.send(Search(query: "milk")) { $0.search.query = "milk" }
    /// await clock.advance(by: .milliseconds(300))
    /// await store.receive(SearchState.self) { $0.search.results = ["Buy milk"] }
    /// ```
    ///
    /// The clock counts the effects of the stores it was given to, so waiting for them is exact.
    /// Work that waits on something other than this clock (a stub the test opens later) cannot
    /// sleep here: it is waited for until nothing has changed for two seconds. A task the test starts
    /// itself, outside a store, is not counted: `await waitForSleepers(1)` first.
    ///
    /// - Parameter duration: How far to move it.
    public func advance(by duration: Duration) async {
        let target = now.advanced(by: duration)
        await letWorkReachItsSleep()
        while let woken = wakeNext(notAfter: target) {
            for sleeper in woken { sleeper.continuation.resume() }
            await letWorkReachItsSleep()
        }
    }

    /// Moves the clock to the earliest deadline not after `target` and takes the sleepers due
    /// then; when none is due by `target`, moves it to `target`.
    ///
    /// - Returns: The sleepers woken; nil when the clock reached `target`.
    private func wakeNext(notAfter target: ContinuousClock.Instant) -> [Sleeper]? {
        timeline.withLock { timeline in
            guard let next = timeline.sleepers.map(\.deadline).min(), next <= target else {
                timeline.now = max(timeline.now, target)
                return nil
            }
            timeline.now = max(timeline.now, next)
            let now = timeline.now
            let due = timeline.sleepers.filter { $0.deadline <= now }
            timeline.sleepers.removeAll { $0.deadline <= now }
            return due
        }
    }

    /// Waits until the work the stores using this clock have started is asleep on it or has ended:
    /// at least as many sleepers as running effects. Work that waits on something else (a stub the
    /// test opens later) never sleeps here: then it waits until nothing has changed for two
    /// seconds while the cooperative pool was free to run it (time in which a probe task waited
    /// for a thread does not count: under load or a sanitizer, a task can wait seconds to be
    /// scheduled). Thirty seconds at most. Each round waits for a probe task of the caller's
    /// priority, the priority the stores' work inherited from the test (a background probe can run
    /// on threads of its own while that work waits for one), and a moment of real time, in which
    /// other threads of the pool run that work.
    private func letWorkReachItsSleep() async {
        let start = ContinuousClock.now
        var last = timeline.withLock { ($0.sleepers.count, $0.activeWork) }
        var lastChange = start
        var rounds = 0
        // No store counted work here and nothing sleeps: the clock knows of no work. Yield a few
        // rounds anyway, for work that just started outside a store.
        let knowsNoWork = last == (0, 0)
        while knowsNoWork ? rounds < 8 : last.0 < last.1 && lastChange.duration(to: .now) < .seconds(2) {
            rounds += 1
            guard start.duration(to: .now) < .seconds(30) else { return }
            let probe = ContinuousClock.now
            await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
            // A probe that waited long found the pool busy (other tests' work, a sanitizer's
            // slowness): the work may not have had its turn, so that time is not quiet time.
            let poolWasBusy = probe.duration(to: .now) > .milliseconds(50)
            try? await Task.sleep(nanoseconds: 1_000_000)
            let now = timeline.withLock { ($0.sleepers.count, $0.activeWork) }
            if now != last || poolWasBusy {
                (last, lastChange) = (now, .now)
            }
        }
    }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int {
        timeline.withLock { $0.sleepers.count }
    }

    /// How many pieces of work the stores using this clock are running now, as ``advance(by:)``
    /// counts them: a top-level effect, or a branch of a merged one.
    package var runningWork: Int {
        timeline.withLock { $0.activeWork }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension TestClock: EffectWorkObserver {
    /// Counts work a store using this clock started, which ``advance(by:)`` lets reach its sleep.
    package func workStarted() {
        timeline.withLock { $0.activeWork += 1 }
    }

    /// Counts work that ended or was cancelled.
    package func workEnded() {
        timeline.withLock { $0.activeWork -= 1 }
    }
}
