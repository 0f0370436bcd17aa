import ReduxTesting
import TestHelpers
import Testing

@Suite struct TestClockTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a sleeper wakes when the clock is moved to its deadline, not before")
    func wakesAtTheDeadline() async throws {
        let clock = TestClock()
        let sleeping = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .seconds(1))
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
        await clock.advance(by: .milliseconds(250))
        #expect(start.duration(to: clock.now) == .milliseconds(250))
        try await clock.sleep(until: start, tolerance: nil)
        #expect(clock.sleeperCount == 0)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("advance lets work started just before reach its sleep first: no waitForSleepers")
    func advanceWaitsForStartedWork() async throws {
        let clock = TestClock()
        let woke = Recorder<String>()
        let work = Task {
            await Task.yield()  // some hops before the sleep, as an effect's work makes
            try await clock.sleep(for: .seconds(1))
            woke.append("after 1 s")
        }
        await clock.advance(by: .seconds(1))
        try await work.value
        #expect(woke.all == ["after 1 s"])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("advance moves deadline by deadline: a timer that sleeps again wakes once per interval")
    func advanceWakesATimerEachInterval() async throws {
        let clock = TestClock()
        let ticks = Recorder<Int>()
        let timer = Task {
            for tick in 1... {
                try await clock.sleep(for: .seconds(1))
                ticks.append(tick)
            }
        }
        await clock.advance(by: .milliseconds(3_500))
        #expect(ticks.all == [1, 2, 3])
        #expect(clock.sleeperCount == 1)  // the fourth sleep, due at 4 s
        timer.cancel()
        await #expect(throws: CancellationError.self) { try await timer.value }
    }
}
