import MultiRedux
import TestHelpers
import Testing

@testable import TodoListExample

// MARK: Docs/MultiRedux.docc/Articles/Effects.md, "Earlier forms"

struct LoadUser: Action {
    var id: Int
}

/// Stands in for a user directory on the network.
actor Directory {
    func name(of id: Int) -> String { "user-\(id)" }
}

struct LoadUserReducer: ConcurrentActionReducer {
    let directory: Directory

    func reduce(provider: any ReducerProvider, action: LoadUser) async -> @Sendable (inout UserState) -> Void {
        let name = await directory.name(of: action.id)
        return { state in
            state.userName = name
            state.isAuthenticated = true
        }
    }
}

struct DirectoryFeature: LogicFeature {
    let directory: Directory

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: LoadUserReducer(directory: directory))
    }
}

/// Stands in for a to-do server; a test decides when it answers, so it can dispatch while a
/// request is in flight.
actor TodoServer {
    private var requests: [CheckedContinuation<[String], Never>] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// The titles on the server: returns when the test calls `answer(_:)`.
    func todoTitles() async -> [String] {
        await withCheckedContinuation { continuation in
            requests.append(continuation)
            for waiter in waiters { waiter.resume() }
            waiters.removeAll()
        }
    }

    /// Returns once a request is waiting for its answer.
    func waitForRequest() async {
        guard requests.isEmpty else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Answers the oldest waiting request.
    func answer(_ titles: [String]) {
        requests.removeFirst().resume(returning: titles)
    }
}

struct LoadTodosReducer: ConcurrentActionReducer {
    let server: TodoServer

    func reduce(provider: any ReducerProvider, action: LoadTodos) async -> @Sendable (inout TodoListState) -> Void {
        let titles = await server.todoTitles()
        return { state in state.todos += titles.map { Todo(title: $0) } }
    }
}

struct TodoSyncFeature: LogicFeature {
    let server: TodoServer

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: LoadTodosReducer(server: server))
    }
}

@Suite struct EffectsEarlierFormsTests {
    @Test("dispatchAndWait returns once the change of a reducer in the async form has landed")
    func awaitDispatch() async {
        let directory = Directory()
        let store = Store(
            initialState: AppState(),
            features: [UserFeature().at(\.user), DirectoryFeature(directory: directory).at(\.user)])
        await store.dispatchAndWait(LoadUser(id: 7))
        #expect(store.state.user.userName == "user-7")
        #expect(store.state.user.isAuthenticated)
    }

    @Test("a change is applied to the state as it is then: a dispatch made meanwhile is kept")
    func dispatchMadeMeanwhileSurvives() async {
        let server = TodoServer()
        let store = Store(
            initialState: AppState(),
            features: [TodoFeature().at(\.todos), TodoSyncFeature(server: server).at(\.todos)])
        let loading = Task { await store.dispatchAndWait(LoadTodos()) }
        await server.waitForRequest()  // the reducer is waiting for the server
        await store.dispatchAndWait(AddTodo(title: "Buy milk"))  // applied while LoadTodos runs
        await server.answer(["Write docs"])
        await loading.value
        #expect(store.state.todos.todos.map(\.title) == ["Buy milk", "Write docs"])
    }

    @Test("an async reducer called on its own returns its change")
    func calledOnItsOwn() async {
        let directory = Directory()
        let reducer = LoadUserReducer(directory: directory)
        let change = await reducer.reduce(provider: ReducerRegistry(), action: LoadUser(id: 7))
        var user = UserState()
        change(&user)
        #expect(user == UserState(userName: "user-7", isAuthenticated: true))
    }

    @Test("reduced through a registry, outside a store, an async reducer is not started and is reported")
    func outsideAStore() {
        let issues = IssueCollector()
        let registry = ReducerRegistry(issueReporter: issues.reporter)
        registry.addReducer(reducer: LoadUserReducer(directory: Directory()))
        var user = UserState()
        registry.reduce(LoadUser(id: 7), &user)
        #expect(user == UserState())
        #expect(issues.kinds == [.asyncResultWithoutStore])
    }

    @Test("middleware sees actions only: the change an effect hands back goes straight to its reducers")
    func middlewareSeesTheChange() async {
        let seen = Recorder<String>()
        let logger = Middleware<AppState> { action, _ in
            seen.append("\(type(of: action))")
            return action
        }
        let store = Store(
            initialState: AppState(), features: [DirectoryFeature(directory: Directory()).at(\.user)],
            middleware: [logger])
        await store.dispatchAndWait(LoadUser(id: 1))
        #expect(seen.all == ["LoadUser"])
        #expect(store.state.user.userName == "user-1")
    }
}
