// XCTest is absent from some toolchains (Swift Testing only); the published value is an
// Observation object.
#if canImport(XCTest) && canImport(Observation)
    import MultiRedux
    import ReduxTesting
    import XCTest

    /// The README's `SSOTTests` (single source of truth), ported: one store of the app's state,
    /// its features placed at the counter's part and the users' part.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    final class SSOTTests: XCTestCase {
        private func makeStore(clock: TestClock = TestClock()) -> TestStore<AppState> {
            TestStore(
                initialState: AppState(), features: AppStore.features, dependencies: .testing { $0.clock = clock })
        }

        func testLoadUsers() async {
            let store = makeStore()
            await store.send(LoadUsers())
            await store.receive(UserState.self) { $0.users.users = serverUsers }
            XCTAssertEqual(10, store.state.users.users.count)
            for user in store.state.users.users {
                XCTAssertGreaterThan(user.id, 0)
                XCTAssertNotEqual(user.name, "")
            }
            await store.finish()
        }

        func testUpdateUser() async {
            let store = makeStore()
            await store.send(LoadUsers())
            await store.receive(UserState.self) { $0.users.users = serverUsers }
            XCTAssertEqual(10, store.state.users.users.count)
            var mutableUser = store.state.users.users[0]
            mutableUser.name = "Sungcheol Kim"
            await store.send(UpdateUser(user: mutableUser))
            await store.receive(UserState.self) { $0.users.users[0].name = "Sungcheol Kim" }
            XCTAssertEqual(10, store.state.users.users.count)
            let user = store.state.users.users[0]
            XCTAssertEqual("Sungcheol Kim", user.name)
            await store.finish()
        }

        func testIncrementAction() async {
            let store = makeStore()
            await store.send(CounterAction.increment(payload: 1)) { $0.counter.count = 1 }
            XCTAssertEqual(1, store.state.counter.count)
            await store.send(CounterAction.increment(payload: 10)) { $0.counter.count = 11 }
            XCTAssertEqual(11, store.state.counter.count)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        func testPublisherValue() {
            let store = Store(
                initialState: AppState(), features: AppStore.features, issueReporter: .failingTest(),
                dependencies: .testing())
            let count = store.observed(\.counter.count)
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
            let count = store.store.observed(\.counter.count)
            await store.send(CounterAction.asyncIncrement(payload: 1))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.counter.count = 1 }
            XCTAssertEqual(1, store.state.counter.count)
            XCTAssertEqual(1, count.value)
            await store.send(CounterAction.asyncIncrement(payload: 10))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.counter.count = 11 }
            XCTAssertEqual(11, store.state.counter.count)
            XCTAssertEqual(11, count.value)
            await store.finish()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        func testAsyncDecrementAction() async {
            let clock = TestClock()
            let store = makeStore(clock: clock)
            let count = store.store.observed(\.counter.count)
            await store.send(CounterAction.asyncDecrement(payload: 1))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.counter.count = -1 }
            XCTAssertEqual(-1, store.state.counter.count)
            XCTAssertEqual(-1, count.value)
            await store.send(CounterAction.asyncDecrement(payload: 10))
            await clock.advance(by: .seconds(1))
            await store.receive(Counter.self) { $0.counter.count = -11 }
            XCTAssertEqual(-11, store.state.counter.count)
            XCTAssertEqual(-11, count.value)
            await store.finish()
        }
    }
#endif
