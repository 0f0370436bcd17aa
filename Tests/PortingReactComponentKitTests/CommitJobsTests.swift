// XCTest is absent from some toolchains (Swift Testing only).
#if canImport(XCTest)
    import MultiRedux
    import ReduxTesting
    import XCTest

    /// The README's `WorksBeforeCommitStore` and `WorksAfterCommitStore`, on the counter: a job's
    /// feature placed before the counter's runs before its mutation, one placed after runs after.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    final class CommitJobsTests: XCTestCase {
        func testWorkBeforeCommitRunsBeforeTheMutation() async {
            let store = TestStore(
                initialState: Counter(), features: [WorksBeforeCommitFeature().at(\.self), CounterFeature().at(\.self)])
            await store.send(CounterAction.increment(payload: 1)) { $0.count = -9 }
            await store.send(CounterAction.increment(payload: 1)) { $0.count = -9 }
        }

        func testWorkAfterCommitRunsAfterTheMutation() async {
            let store = TestStore(
                initialState: Counter(), features: [CounterFeature().at(\.self), WorksAfterCommitFeature().at(\.self)])
            await store.send(CounterAction.increment(payload: 1)) { $0.count = 2 }
            await store.send(CounterAction.increment(payload: 1)) { $0.count = 6 }
        }

        /// An effect's update is not an action: the job runs when the async action is dispatched,
        /// not around the change its work hands back later.
        func testJobsRunForTheAsyncActionNotForItsEffectsUpdate() async {
            let clock = TestClock()
            let store = TestStore(
                initialState: Counter(count: 3),
                features: [CounterFeature().at(\.self), WorksAfterCommitFeature().at(\.self)],
                dependencies: .testing { $0.clock = clock })
            await store.send(CounterAction.asyncIncrement(payload: 1)) { $0.count = 6 }
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.count = 7 }
            await store.finish()
        }
    }
#endif
