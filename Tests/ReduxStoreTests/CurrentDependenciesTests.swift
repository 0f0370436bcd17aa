import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

private let serialKey = DependencyKey(live: "live-serial", test: "test-serial")

extension Dependencies {
    fileprivate var serial: String {
        get { self[serialKey] }
        set { self[serialKey] = newValue }
    }
}

/// A value whose initialiser needs a dependency, and is called by reducers and effects that do
/// not hand it one.
private struct Ticket: Equatable {
    var serial: String

    init() {
        serial = Dependencies.current.serial
    }
}

private struct Desk: State, Equatable {
    var tickets: [Ticket] = []
}

private struct IssueTicket: Action {}
private struct IssueLater: Action {}

private struct DeskFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: IssueTicket, desk: inout Desk) in desk.tickets.append(Ticket()) }
        container.addAsyncReduceFunction { (_, _: IssueLater, _: inout Desk) -> Effect<Desk> in
            .run { effect in
                let ticket = Ticket()  // made in the work, on whatever thread it runs
                effect.update { $0.tickets.append(ticket) }
            }
        }
    }
}

/// `Dependencies.current`: what code a reducer or an effect calls reads, without parameters.
@Suite(.testStoreTimeout(.seconds(120))) struct CurrentDependenciesTests {
    @Test("a state's initialiser called by a reducer reads the store's dependencies")
    func initialiserInAReducer() {
        let store = Store(
            initialState: Desk(), features: [DeskFeature().at(\.self)],
            dependencies: Dependencies { $0.serial = "app-serial" })
        store.dispatch(IssueTicket())
        #expect(store.state.tickets.map(\.serial) == ["app-serial"])
    }

    @Test("code an effect's work calls reads the dependencies of the store that started it")
    func initialiserInAnEffect() async {
        let store = Store(
            initialState: Desk(), features: [DeskFeature().at(\.self)],
            dependencies: Dependencies { $0.serial = "effect-serial" })
        await store.dispatchAndWait(IssueLater())
        #expect(store.state.tickets.map(\.serial) == ["effect-serial"])
    }

    @Test("in a test store, code a reducer calls reads the test's values")
    func testStoreGivesTestValues() async {
        let store = TestStore(initialState: Desk(), features: [DeskFeature().at(\.self)])
        await store.send(IssueTicket()) { $0.tickets = [Ticket(serial: "test-serial")] }
    }

    @Test("outside any store, and after a dispatch returns, it gives the live values")
    func outsideAStore() {
        let store = Store(
            initialState: Desk(), features: [DeskFeature().at(\.self)],
            dependencies: Dependencies { $0.serial = "app-serial" })
        store.dispatch(IssueTicket())
        #expect(Dependencies.current.serial == "live-serial")
    }

    @Test("a store with no overrides gives its effects the live values, also when another store's effect starts them")
    func storeWithoutOverridesInsideAnotherStoresEffect() async {
        let plain = Store(initialState: Desk(), features: [DeskFeature().at(\.self)])
        let seen = Recorder<String>()
        let outer = Store(initialState: Desk(), dependencies: Dependencies { $0.serial = "outer" }) { reducers in
            reducers.addAsyncReduceFunction { (_, _: IssueLater, _: inout Desk) -> Effect<Desk> in
                .run { _ in
                    seen.append(Dependencies.current.serial)
                    await plain.dispatchAndWait(IssueLater())
                }
            }
        }
        await outer.dispatchAndWait(IssueLater())
        #expect(seen.all == ["outer"])
        #expect(plain.state.tickets.map(\.serial) == ["live-serial"])
    }

    @Test("a store dispatched to from another store's reducer gives its own, then the outer store's again")
    func nestedStores() {
        let inner = Store(
            initialState: Desk(), features: [DeskFeature().at(\.self)],
            dependencies: Dependencies { $0.serial = "inner" })
        let seen = Recorder<String>()
        let outer = Store(initialState: Desk(), dependencies: Dependencies { $0.serial = "outer" }) { reducers in
            reducers.addReduceFunction { (_, _: IssueTicket, desk: inout Desk) in
                inner.dispatch(IssueTicket())
                seen.append(Dependencies.current.serial)
            }
        }
        outer.dispatch(IssueTicket())
        #expect(inner.state.tickets.map(\.serial) == ["inner"])
        #expect(seen.all == ["outer"])
    }
}

extension Ticket {
    fileprivate init(serial: String) {
        self.serial = serial
    }
}
