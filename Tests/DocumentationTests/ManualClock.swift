import ReduxCore

/// A clock that stands still until the test moves it: the Effects article's debounce, tested
/// with no sleeps.
///
/// `sleep(until:tolerance:)` suspends until ``advance(by:)`` moves the clock to the deadline, and
/// throws `CancellationError` at once when the sleeping task is cancelled.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: how far the clock has been moved.
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Timeline {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let timeline = LockedValue(Timeline())

    var now: Instant {
        timeline.withLock { $0.now }
    }

    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
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
                    let (ready, waiting) = timeline.watchers.split { count >= $0.count }
                    timeline.watchers = waiting
                    return ready.map(\.continuation)
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let cancelled = timeline.withLock { timeline in
                let index = timeline.sleepers.firstIndex { $0.id == id }
                return index.map { timeline.sleepers.remove(at: $0) }
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// How many tasks are sleeping on the clock.
    var sleeperCount: Int {
        timeline.withLock { $0.sleepers.count }
    }

    /// Returns once at least `count` tasks are sleeping on the clock.
    func waitForSleepers(_ count: Int) async {
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
    func advance(by duration: Duration) {
        let woken = timeline.withLock { timeline in
            timeline.now = timeline.now.advanced(by: duration)
            let now = timeline.now
            let (due, later) = timeline.sleepers.split { $0.deadline <= now }
            timeline.sleepers = later
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }
}

extension Array {
    /// The elements that satisfy `isIncluded`, and the others, each in order.
    fileprivate func split(_ isIncluded: (Element) -> Bool) -> (matching: [Element], others: [Element]) {
        (filter(isIncluded), filter { !isIncluded($0) })
    }
}
