import Foundation
import MultiRedux
import ReduxTesting
import Testing

private let greetingKey = DependencyKey(live: "live greeting", test: "test greeting")
private let serverKey = DependencyKey(live: "the live server", preview: "the sample server")

extension Dependencies {
    fileprivate var greeting: String { self[greetingKey] }
    fileprivate var server: String { self[serverKey] }
}

private struct Desk: State, Equatable {
    var greeting = ""
    var server = ""
}

private struct Greet: Action {}
private struct Connect: Action {}

private func makeDesk(_ dependencies: Dependencies) -> Store<Desk> {
    Store(initialState: Desk(), issueReporter: .failingTest(), dependencies: dependencies) { reducers in
        reducers.addReduceFunction { (provider, _: Greet, desk: inout Desk) in
            desk.greeting = provider.dependencies.greeting
        }
        reducers.addReduceFunction { (provider, _: Connect, desk: inout Desk) in
            desk.server = provider.dependencies.server
        }
    }
}

/// A plain store in test mode: what a `TestStore` promises about dependencies, for the stores a
/// test makes itself.
@Suite(.testStoreTimeout(.seconds(120))) struct TestModeStoreTests {
    @Test("a store on Dependencies.testing gives each key its test value, and an override wins")
    func testValues() {
        let failures = collectFailures {
            let store = makeDesk(.testing())
            store.dispatch(Greet())
            #expect(store.state.greeting == "test greeting")
            let overridden = makeDesk(.testing { $0[serverKey] = "a stub" })
            overridden.dispatch(Connect())
            #expect(overridden.state.server == "a stub")
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a key with no test value fails the test through .failingTest(), naming the key, and gives its preview value")
    func missingTestValueFails() {
        let failures = collectFailures {
            let store = makeDesk(.testing())
            store.dispatch(Connect())
            #expect(store.state.server == "the sample server")
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("MultiRedux [missingDependency]") == true)
        #expect(failures.first?.message.contains("TestModeStoreTests.swift:7") == true)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the clock read without an override passes: its test value tells the time and refuses only to wait")
    func clockReadWithoutOverridePasses() {
        struct Wait: Action {}
        let failures = collectFailures {
            let store = Store(initialState: Desk(), issueReporter: .failingTest(), dependencies: .testing()) {
                reducers in
                reducers.addReduceFunction { (provider, _: Wait, desk: inout Desk) in
                    let clock = provider.dependencies.clock
                    desk.server = elapsed(on: clock) >= .zero ? "now" : "before"
                }
            }
            store.dispatch(Wait())
            #expect(store.state.server == "now")
        }
        #expect(failures.map(\.message) == [])
    }

    /// The time a clock reads between two readings.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    private func elapsed<C: Clock>(on clock: C) -> C.Duration {
        let start = clock.now
        return start.duration(to: clock.now)
    }

    @Test("under .failingTest() a delegate action nobody answers passes, as in a TestStore; a dispatched one fails")
    func judgedAsATestStore() async {
        struct Announced: Action {}
        struct Announce: Action {}
        let makeStore = {
            Store(initialState: Desk(), issueReporter: .failingTest()) { reducers in
                reducers.addAsyncReduceFunction { (_, _: Announce, _: inout Desk) -> Effect<Desk> in
                    .run { effect in effect.send(Announced()) }
                }
            }
        }
        let plain = await collectFailures {
            await makeStore().dispatchAndWait(Announce())
        }
        #expect(plain.map(\.message) == [])
        let testStore = await collectFailures {
            let store = TestStore(initialState: Desk()) { reducers in
                reducers.addAsyncReduceFunction { (_, _: Announce, _: inout Desk) -> Effect<Desk> in
                    .run { effect in effect.send(Announced()) }
                }
            }
            await store.send(Announce())
            await store.receive(Announced.self)
            await store.finish()
        }
        #expect(testStore.map(\.message) == [])
        let dispatched = await collectFailures {
            await makeStore().dispatchAndWait(Announced())
        }
        #expect(dispatched.count == 1)
        #expect(dispatched.first?.message.contains("No reducer handled Announced") == true)
    }

    @Test("without test mode a store reads the live values")
    func liveValues() {
        let store = makeDesk(Dependencies())
        store.dispatch(Greet())
        #expect(store.state.greeting == "live greeting")
    }
}
