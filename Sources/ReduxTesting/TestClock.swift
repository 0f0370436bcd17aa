import MultiRedux
import ReduxCore

/// A clock that stands still until the test moves it: debounce, timeouts and delays tested with
/// no sleeping. Give it to the store as its `clock` dependency.
///
/// ```swift
/// let clock = TestClock()
/// let store = Store(initialState: AppState(), features: features, dependencies: Dependencies { $0.clock = clock })
/// store.dispatch(Search(query: "milk"))
/// await clock.waitForSleepers(1)          // the search waits for its debounce
/// clock.advance(by: .milliseconds(300))   // and now runs
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

    /// Returns once at least `count` tasks are sleeping on the clock: the moment to move it.
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

    /// Moves the clock on, waking the tasks whose deadline it reaches.
    ///
    /// - Parameter duration: How far to move it.
    public func advance(by duration: Duration) {
        let woken = timeline.withLock { timeline in
            timeline.now = timeline.now.advanced(by: duration)
            let now = timeline.now
            let due = timeline.sleepers.filter { $0.deadline <= now }
            timeline.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int {
        timeline.withLock { $0.sleepers.count }
    }
}
