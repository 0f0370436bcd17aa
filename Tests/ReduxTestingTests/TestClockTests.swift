import MultiRedux
import ReduxTesting
import Testing

@Suite struct TestClockTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a sleeper wakes when the clock is moved to its deadline, not before")
    func wakesAtTheDeadline() async throws {
        let clock = TestClock()
        let sleeping = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers(1)  // a task of the test's own, which the clock does not count
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
    @Test("advance lets the effects a store started reach their sleep first: no waitForSleepers")
    func advanceWaitsForStartedWork() async {
        let clock = TestClock()
        let store = Store(initialState: Ticks(), dependencies: Dependencies { $0.clock = clock }) { reducers in
            reducers.addAsyncReduceFunction { (provider, _: StartTimer, _: inout Ticks) -> Effect<Ticks> in
                let clock = provider.dependencies.clock
                return .run(id: "timer") { effect in
                    await Task.yield()  // some hops before the sleep, as an effect's work makes
                    for tick in 1... {
                        try await clock.sleep(for: .seconds(1))
                        effect.update { $0.ticks.append(tick) }
                    }
                }
            }
            reducers.addAsyncReduceFunction { (_, _: StopTimer, _: inout Ticks) -> Effect<Ticks> in
                .cancel(id: "timer")
            }
        }
        store.dispatch(StartTimer())

        await clock.advance(by: .seconds(1))
        await store.dispatchAndWait(Note())  // behind the tick the effect handed back
        #expect(store.state.ticks == [1])

        await clock.advance(by: .milliseconds(2_500))  // deadline by deadline: two more ticks
        await store.dispatchAndWait(Note())
        #expect(store.state.ticks == [1, 2, 3])
        #expect(clock.sleeperCount == 1)  // the fourth sleep, due at 4 s
        await store.dispatchAndWait(StopTimer())
        #expect(clock.sleeperCount == 0)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test(
        "composed work counts once per piece that can sleep: advance finds it asleep at once",
        arguments: [ComposedShape.sendThenRun, .sendThenMerged, .mergedInConcatenation, .runs])
    func composedWorkCountsItsBranches(shape: ComposedShape) async {
        let clock = TestClock()
        let store = Store(initialState: Ticks(), dependencies: Dependencies { $0.clock = clock }) { reducers in
            reducers.addAsyncReduceFunction { (provider, _: StartTimer, _: inout Ticks) -> Effect<Ticks> in
                let clock = provider.dependencies.clock
                let tick = { (number: Int) in
                    Effect<Ticks>.run { effect in
                        try await clock.sleep(for: .seconds(1))
                        effect.update { $0.ticks.append(number) }
                    }
                }
                return switch shape {
                case .sendThenRun: .concatenate(.send(Note()), tick(1))
                case .sendThenMerged: .concatenate(.send(Note()), .merge(tick(1), tick(2), .none))
                case .mergedInConcatenation: .concatenate(.merge(tick(1), .send(Note())), .merge(tick(2), tick(3)))
                case .runs: .concatenate(tick(1), tick(2))
                }
            }
            reducers.addReduceFunction { (_, _: Note, _: inout Ticks) in }
        }
        store.dispatch(StartTimer())
        // What sleeps first: one tick, or two side by side.
        let sleeping = shape == .sendThenMerged ? 2 : 1
        await clock.waitForSleepers(sleeping)
        // As many pieces of work as sleepers: advance has nothing to wait for. (A concatenation
        // counted as well as its step made advance wait two seconds for quiet.)
        #expect(clock.runningWork == sleeping)

        await clock.advance(by: .seconds(2))
        await store.dispatchAndWait(Note())
        #expect(store.state.ticks.sorted() == shape.ticks)
        #expect(clock.runningWork == 0)
        #expect(clock.sleeperCount == 0)
    }
}

/// How a reducer composes the work ``TestClockTests/composedWorkCountsItsBranches(shape:)`` counts.
enum ComposedShape: Sendable, CustomTestStringConvertible {
    case sendThenRun, sendThenMerged, mergedInConcatenation, runs

    /// The ticks the work appends once the clock has moved two seconds.
    var ticks: [Int] {
        switch self {
        case .sendThenRun: [1]
        case .sendThenMerged: [1, 2]
        case .mergedInConcatenation: [1, 2, 3]
        case .runs: [1, 2]
        }
    }

    var testDescription: String {
        switch self {
        case .sendThenRun: ".concatenate(.send, .run)"
        case .sendThenMerged: ".concatenate(.send, .merge(.run, .run, .none))"
        case .mergedInConcatenation: ".concatenate(.merge(.run, .send), .merge(.run, .run))"
        case .runs: ".concatenate(.run, .run)"
        }
    }
}

struct Ticks: State, Equatable {
    var ticks: [Int] = []
}

struct StartTimer: Action {}
struct StopTimer: Action {}
struct Note: Action {}
