import ReduxTesting
import Testing

@Suite struct TestClockTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a sleeper wakes when the clock is moved to its deadline, not before")
    func wakesAtTheDeadline() async throws {
        let clock = TestClock()
        let sleeping = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeping.value
        #expect(clock.sleeperCount == 0)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a cancelled sleeper throws CancellationError at once and leaves the clock")
    func cancellationThrows() async {
        let clock = TestClock()
        let sleeping = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)
        sleeping.cancel()
        await #expect(throws: CancellationError.self) { try await sleeping.value }
        #expect(clock.sleeperCount == 0)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a deadline already reached returns at once; now moves only with advance")
    func pastDeadline() async throws {
        let clock = TestClock()
        let start = clock.now
        clock.advance(by: .milliseconds(250))
        #expect(start.duration(to: clock.now) == .milliseconds(250))
        try await clock.sleep(until: start, tolerance: nil)
        #expect(clock.sleeperCount == 0)
    }
}
