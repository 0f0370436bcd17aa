import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

// The examples of the "Effects in a TestStore" part of Docs/MultiRedux.docc/Articles/Testing.md,
// compiled and run. Keep the two in sync.

// MARK: - The domain: an account whose to-dos an effect loads, and a debounced search

/// What a test's service throws from a call the test did not stub.
struct NotStubbed: Error {}

/// What the app fetches; the test gives a fake.
struct TodoService: Sendable {
    var load: @Sendable (_ user: String) async throws -> [String]
    var search: @Sendable (_ query: String) async throws -> [String]
}

extension Dependencies {
    private static let todoService = DependencyKey<TodoService>(
        live: TodoService(load: { _ in [] }, search: { _ in [] }),
        test: TodoService(load: { _ in throw NotStubbed() }, search: { _ in throw NotStubbed() }))

    /// The to-do service effects use; a test overrides it.
    var todoService: TodoService {
        get { self[Self.todoService] }
        set { self[Self.todoService] = newValue }
    }
}

struct Workspace: State, Equatable {
    var user: String?
    var todos: [String] = []
    var isLoading = false
}

struct LogIn: Action { var user: String }
struct LoadTodos: Action {}
struct TodosLoaded: Action { var todos: [String] }
struct LogOut: Action {}

/// The signed-in user's to-dos, loaded in an effect; logging out cancels a load in flight.
struct WorkspaceFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: LogIn, account: inout Workspace) in
            account.user = action.user
        }
        container.addAsyncReduceFunction { (provider, _: LoadTodos, account: inout Workspace) -> Effect<Workspace> in
            guard let user = account.user else { return .none }
            account.isLoading = true
            let service = provider.dependencies.todoService
            return .run(id: "load") { effect in
                effect.send(TodosLoaded(todos: try await service.load(user)))
            }
        }
        container.addReduceFunction { (_, action: TodosLoaded, account: inout Workspace) in
            account.todos = action.todos
            account.isLoading = false
        }
        container.addAsyncReduceFunction { (_, _: LogOut, account: inout Workspace) -> Effect<Workspace> in
            account = Workspace()
            return .cancel(id: "load")
        }
    }
}

struct SearchState: State, Equatable {
    var query = ""
    var results: [String] = []
}

struct Search: Action { var query: String }

/// Searches 300 ms after the last keystroke: a new query cancels the search in flight.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // the clock dependency
struct SearchFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction {
            (provider, action: Search, search: inout SearchState) -> Effect<SearchState> in
            search.query = action.query
            let (clock, service) = (provider.dependencies.clock, provider.dependencies.todoService)
            return .run(id: "search", cancelInFlight: true) { effect in
                try await clock.sleep(for: .milliseconds(300))
                let results = try await service.search(action.query)
                effect.update { $0.results = results }
            }
        }
    }
}

/// Loads the to-dos as soon as someone logs in: work the test does not send itself.
let loadOnLogIn = Middleware<Workspace> { action, store in
    if action is LogIn {
        store.dispatch(LoadTodos())
    }
    return action
}

/// A session whose user is a class: no `Equatable` state, compared through a projection.
final class Profile: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

struct Session: State {
    var profile: Profile?
    var visits = 0
}

struct Visit: Action { var name: String }

struct SessionFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Visit, session: inout Session) in
            session.profile = Profile(name: action.name)
            session.visits += 1
        }
    }
}

// MARK: - The examples

@Suite(.testStoreTimeout(.seconds(120))) struct TestingGuideEffectsTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("log out while the load is running: the load is cancelled and nothing lands")
    func logOutWhileLoading() async {
        let failures = await collectFailures {
            let clock = TestClock()
            let store = TestStore(
                initialState: Workspace(), features: [WorkspaceFeature().at(\.self)],
                dependencies: .testing {
                    $0.clock = clock  // advance(by:) waits for the effects of the stores it is the clock of
                    $0.todoService.load = { _ in
                        try await clock.sleep(for: .seconds(1))  // a slow network, under the test's control
                        return ["Buy milk"]
                    }
                })

            await store.send(LogIn(user: "ann")) { $0.user = "ann" }
            await store.send(LoadTodos()) { $0.isLoading = true }  // returns; the load runs
            await store.send(LogOut()) { $0 = Workspace() }  // cancels it
            await clock.advance(by: .seconds(1))  // the load would have finished now: nothing lands
            await store.finish()  // nothing running, nothing left to receive
        }
        #expect(failures.isEmpty)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a load that finishes sends its follow-up action, which the test receives")
    func loadFinishes() async {
        let failures = await collectFailures {
            let clock = TestClock()
            let store = TestStore(
                initialState: Workspace(user: "ann"), features: [WorkspaceFeature().at(\.self)],
                dependencies: .testing {
                    $0.clock = clock
                    $0.todoService.load = { user in
                        try await clock.sleep(for: .seconds(1))
                        return ["\(user): buy milk"]
                    }
                })

            await store.send(LoadTodos()) { $0.isLoading = true }
            await clock.advance(by: .seconds(1))  // the load, waiting for the network, finishes
            await store.receive(TodosLoaded.self) {
                $0.todos = ["ann: buy milk"]
                $0.isLoading = false
            }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("search typed twice: the first request is cancelled, only the second one lands")
    func searchTypedTwice() async {
        let searched = Recorder<String>()
        let failures = await collectFailures {
            let clock = TestClock()
            let store = TestStore(
                initialState: SearchState(), features: [SearchFeature().at(\.self)],
                dependencies: .testing {
                    $0.clock = clock
                    $0.todoService.search = { query in
                        searched.append(query)
                        return ["\(query) results"]
                    }
                })

            await store.send(Search(query: "mi")) { $0.query = "mi" }
            await store.send(Search(query: "milk")) { $0.query = "milk" }  // cancels the search for "mi"
            await clock.advance(by: .milliseconds(300))  // the search for "milk" reaches its debounce, then runs
            await store.receive(SearchState.self) { $0.results = ["milk results"] }
            await store.finish()
        }
        #expect(failures.isEmpty)
        #expect(searched.all == ["milk"])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("work a middleware started is received and awaited like the test's own")
    func workTheTestDidNotStart() async {
        let failures = await collectFailures {
            let clock = TestClock()
            let store = TestStore(
                initialState: Workspace(), features: [WorkspaceFeature().at(\.self)], middleware: [loadOnLogIn],
                dependencies: .testing {
                    $0.clock = clock
                    $0.todoService.load = { _ in
                        try await clock.sleep(for: .seconds(1))
                        return ["Buy milk"]
                    }
                })

            await store.send(LogIn(user: "ann")) {
                $0.user = "ann"
                $0.isLoading = true  // the middleware's LoadTodos, applied in the same step
            }
            await clock.advance(by: .seconds(1))
            await store.receive(TodosLoaded.self) {
                $0.todos = ["Buy milk"]
                $0.isLoading = false
            }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("finish fails naming each effect still running and the action it started for")
    func finishNamesEffectsInFlight() async {
        let failures = await collectFailures {
            let clock = TestClock()
            let store = TestStore(
                initialState: Workspace(), features: [WorkspaceFeature().at(\.self)], middleware: [loadOnLogIn],
                dependencies: .testing {
                    $0.clock = clock
                    $0.todoService.load = { _ in
                        try await clock.sleep(for: .seconds(1))
                        return []
                    }
                })
            await store.send(LogIn(user: "ann")) {
                $0.user = "ann"
                $0.isLoading = true
            }
            await store.finish(timeout: .milliseconds(50))  // the clock never moved
        }
        #expect(
            failures.map(\.message) == [
                """
                finish() waited 50 ms for effect(s) still running:
                  the async reduce function of LoadTodos on Workspace, started for LoadTodos()
                An effect that should have delivered may be waiting for time the test did not advance (a TestClock), for a dependency the test did not stub, or it never ends. If it only needs more time, pass `timeout:` or set `store.timeout`.
                """
            ])
    }

    @Test("with exhaustivity off, skipped follow-ups are applied and listed")
    func nonExhaustiveEffects() async {
        var skipped: [String] = []
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Workspace(), features: [WorkspaceFeature().at(\.self)], middleware: [loadOnLogIn],
                dependencies: .testing { $0.todoService.load = { _ in ["Buy milk"] } },
                exhaustivity: .off)

            await store.send(LogIn(user: "ann")) { $0.user = "ann" }
            await store.finish()  // applies TodosLoaded without asserting it
            #expect(store.state.todos == ["Buy milk"])
            skipped = store.skipped
        }
        #expect(failures.isEmpty)
        #expect(skipped == ["finish() applied TodosLoaded(todos: [\"Buy milk\"])"])
    }

    @Test("a state that is not Equatable is compared through a projection")
    func projection() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Session(), features: [SessionFeature().at(\.self)],
                comparing: { [$0.profile?.name ?? "", "\($0.visits)"] })

            await store.send(Visit(name: "Ann")) {
                $0.profile = Profile(name: "Ann")
                $0.visits = 1
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("a projection's failure shows the difference in the projection")
    func projectionFailure() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Session(), features: [SessionFeature().at(\.self)], comparing: { $0.visits })
            await store.send(Visit(name: "Ann"))  // forgets visits
        }
        #expect(
            failures.map(\.message) == [
                """
                send(Visit) changed the compared projection of the state differently than the test describes (expected → actual):
                  (root): 0 → 1
                Describe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets.
                """
            ])
    }
}
