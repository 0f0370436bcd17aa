// XCTest is absent from some toolchains (Swift Testing only); the published value is an
// Observation object.
#if canImport(XCTest) && canImport(Observation)
    import MultiRedux
    import ReduxTesting
    import XCTest

    /// The README's `CounterStoreTests`, ported: each test makes its store, a `TestStore` of the
    /// counter feature, which asserts every change (a plain store where the README read only the
    /// published value).
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    final class CounterStoreTests: XCTestCase {
        private func makeStore(clock: TestClock = TestClock()) -> TestStore<Counter> {
            TestStore(
                initialState: Counter(), features: [CounterFeature().at(\.self)],
                dependencies: .testing { $0.clock = clock })
        }

        func testInitialState() {
            XCTAssertEqual(0, makeStore().state.count)
        }

        func testIncrementAction() async {
            let store = makeStore()
            await store.send(CounterAction.increment(payload: 1)) { $0.count = 1 }
            XCTAssertEqual(1, store.state.count)
            await store.send(CounterAction.increment(payload: 10)) { $0.count = 11 }
            XCTAssertEqual(11, store.state.count)
        }

        /// The README's `@Published var count`, fed by `computed(new:old:)`, is `observed(\.count)`.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        func testPublisherValue() {
            let store = Store(
                initialState: Counter(), features: [CounterFeature().at(\.self)], issueReporter: .failingTest(),
                dependencies: .testing())
            let count = store.observed(\.count)
            XCTAssertEqual(0, count.value)
            store.dispatch(CounterAction.increment(payload: 1))
            XCTAssertEqual(1, count.value)
            store.dispatch(CounterAction.increment(payload: 10))
            XCTAssertEqual(11, count.value)
            store.dispatch(CounterAction.decrement(payload: 10))
            XCTAssertEqual(1, count.value)
            store.dispatch(CounterAction.decrement(payload: 1))
            XCTAssertEqual(0, count.value)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        func testAsyncIncrementAction() async {
            let clock = TestClock()
            let store = makeStore(clock: clock)
            let count = store.store.observed(\.count)
            await store.send(CounterAction.asyncIncrement(payload: 1))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.count = 1 }
            XCTAssertEqual(1, store.state.count)
            XCTAssertEqual(1, count.value)
            await store.send(CounterAction.asyncIncrement(payload: 10))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.count = 11 }
            XCTAssertEqual(11, store.state.count)
            XCTAssertEqual(11, count.value)
            await store.finish()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        func testAsyncDecrementAction() async {
            let clock = TestClock()
            let store = makeStore(clock: clock)
            let count = store.store.observed(\.count)
            await store.send(CounterAction.asyncDecrement(payload: 1))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.count = -1 }
            XCTAssertEqual(-1, store.state.count)
            XCTAssertEqual(-1, count.value)
            await store.send(CounterAction.asyncDecrement(payload: 10))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.count = -11 }
            XCTAssertEqual(-11, store.state.count)
            XCTAssertEqual(-11, count.value)
            await store.finish()
        }
    }
#endif
