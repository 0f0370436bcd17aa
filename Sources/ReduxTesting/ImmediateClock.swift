import MultiRedux
internal import ReduxShared

/// A clock for tests whose sleeps end at once, moving its time to their deadlines: for a test
/// about what an effect does after a delay, not about the delay (a debounce, a retry's wait).
///
/// ```swift
/// let store = TestStore(
///     initialState: Search(), features: [SearchFeature().at(\.self)],
///     dependencies: .testing { $0.clock = ImmediateClock() })
/// await store.send(SearchAction.typed("pasta")) { $0.query = "pasta" }
/// await store.receive(Search.self) { $0.results = ["Pasta"] }   // no advance(by:) needed
/// ```
///
/// A sleeping task that is cancelled throws `CancellationError`, as with any clock. To test the
/// delay itself (a debounce that cancels a pending search), use ``TestClock``.
///
/// Not for a repeating timer under a ``TestStore``: the test store holds each result until a step
/// receives it, so a loop that sleeps and sends a tick runs on, thousands of ticks, until the
/// action that stops it is applied. Give such a test a ``TestClock`` and `advance(by:)` the time
/// the timer should run.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class ImmediateClock: Clock, Sendable {
    private let time: LockedValue<ContinuousClock.Instant>

    /// Creates a clock whose time starts now.
    public init() {
        time = LockedValue(.now)
    }

    /// The clock's time: when it was made, moved on by every sleep to the sleep's deadline.
    public var now: ContinuousClock.Instant {
        time.withLock { $0 }
    }

    /// None: sleeps end at once.
    public var minimumResolution: Duration { .zero }

    /// Ends at once, moving the clock's time to `deadline` if it is later; throws
    /// `CancellationError` when the sleeping task is cancelled.
    ///
    /// - Parameters:
    ///   - deadline: When the sleep would end.
    ///   - tolerance: Ignored.
    public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        time.withLock { $0 = max($0, deadline) }
        // A suspension point, as a real sleep has: other tasks run, and cancellation is seen.
        await Task.yield()
        try Task.checkCancellation()
    }
}
