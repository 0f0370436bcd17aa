/// The test value of ``Dependencies/clock``: telling the time works, sleeping throws
/// ``UnimplementedEndpoint`` (a test failure that says to give the test store a clock it moves),
/// so a test that never waits on the clock need not override it, and one that does cannot wait
/// on real time by mistake.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct UnimplementedClock: Clock {
    /// What a sleep throws.
    private static let sleeping = UnimplementedEndpoint(
        endpoint: "Dependencies.clock.sleep", declaration: "the framework's test value of Dependencies.clock",
        advice:
            "give the test store a clock it moves itself: dependencies: .testing { $0.clock = TestClock() }, then "
            + "await clock.advance(by: …), or ImmediateClock() when the wait does not matter.")

    /// The continuous clock's time: reading it reaches no service.
    var now: ContinuousClock.Instant { .now }

    /// The continuous clock's resolution.
    var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Throws ``UnimplementedEndpoint``: a test's waits run on a clock the test moves.
    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        throw Self.sleeping
    }
}
