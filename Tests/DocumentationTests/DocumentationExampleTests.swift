import Dispatch
import MultiRedux
import TestHelpers
import Testing

#if canImport(Observation)
    import Observation
#endif

@Suite struct DocumentationExampleTests {
    @Test("README: the ten-line example")
    func readmeExample() {
        let container = ReducerRegistry()
        container.addReducer(reducer: SetUsernameReducer())
        container.addReducer(reducer: AddTodoReducer())
        let store = Store(
            initialState: AppState(),
            appReducer: reduceSubstates(Substate(\.user), Substate(\.todos)),
            reducerContainer: container)
        let token = store.observe(select: \.user.userName) { name in print("Hello, \(name)") }
        store.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
        #expect(store.state.user.userName == "Max Mustermann")
        token.cancel()
    }

    @Test("ReducersAndRouting: the three matching rules")
    func matchingRules() {
        let app = makeApp()
        app.redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Ada"))
        app.redux.actionDispatcher.dispatch(AddTodo(title: "Write docs"))
        #expect(app.state.value.user.userName == "Ada")
        #expect(app.state.value.todos.todos.count == 1)
        app.redux.actionDispatcher.dispatch(SessionExpired())  // any ResetAction
        #expect(app.state.value == AppState())
    }

    @Test("ReducersAndRouting: the hand-written app reducer equals the derived one")
    func handWrittenAppReducer() {
        let handWritten: InPlaceAppReducer<AppState> = { provider, action, state in
            provider.reduce(action, &state.user)
            provider.reduce(action, &state.todos)
            provider.reduce(action, &state)
        }
        let container = ReducerRegistry()
        UserFeature().injectReducers(container: container)
        TodoFeature().injectReducers(container: container)
        let store = Store(initialState: AppState(), appReducer: handWritten, reducerContainer: container)
        store.dispatch(AddTodo(title: "a"))
        #expect(store.state.todos.todos == [Todo(title: "a")])
    }

    @Test("ReducersAndRouting: introspection lists the reducers for an action")
    func introspection() {
        let container = ReducerRegistry()
        UserFeature().injectReducers(container: container)
        let handling = container.reducers(handling: LogOut(), on: UserState.self)
        #expect(handling.map { "\($0.reducerType)" } == ["ResetUserReducer"])
    }

    @Test("AsyncReducers: a completion-based reducer and await dispatch")
    func asyncReducer() async {
        let container = ReducerRegistry()
        container.addReducer(reducer: LoadUserReducer())
        let store = Store(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
        await store.dispatch(LoadUser(id: 7))
        #expect(store.state.user.userName == "user-7")
    }

    @Test("Store: middleware that logs and drops")
    func middleware() {
        let log = Recorder<String>()
        let logger = Middleware<AppState> { action, context in
            log.append("\(type(of: action)) with \(context.state.todos.todos.count) todos")
            return action
        }
        let readOnly = Middleware<AppState> { action, _ in action is AddTodo ? nil : action }
        let container = ReducerRegistry()
        TodoFeature().injectReducers(container: container)
        let store = Store(
            initialState: AppState(), appReducer: appReducer, reducerContainer: container,
            middleware: [logger, readOnly])
        store.dispatch(AddTodo(title: "dropped"))
        #expect(store.state.todos.todos.isEmpty)
        #expect(log.all == ["AddTodo with 0 todos"])
    }

    @Test("Store: a subscriber of a selection")
    func subscriber() {
        let store = makeApp().redux.store
        let label = UserNameLabel()
        store.suscribe(label, select: \.user.userName)
        store.dispatch(SetUsernameAction(newUsername: "Grace"))
        store.dispatch(AddTodo(title: "not a user change"))
        #expect(label.shown == ["", "Grace"])
    }

    @Test("Store: closures and async sequences")
    func closuresAndAsyncSequences() async {
        let store = makeApp().redux.store
        let log = Recorder<String>()
        let token = store.observe(select: \.user.userName) { name in log.append("Hello, \(name)") }
        token.cancel()  // or let the token go
        Task { await store.dispatch(SetUsernameAction(newUsername: "Grace")) }
        for await state in store.states where !state.user.userName.isEmpty {
            log.append("Welcome, \(state.user.userName)")
            break
        }
        // The cancelled observation saw only the first name.
        #expect(log.all == ["Hello, ", "Welcome, Grace"])
    }

    /// An action no feature registers a reducer for.
    private struct NotRegistered: Action {}

    @Test("Store: a reporter that shows unhandled actions while developing")
    func issueReporter() {
        let store = makeApp().redux.store
        store.issueReporter = .logging  // see unhandled actions while developing
        let seen = Recorder<ReduxIssue.Kind>()
        store.issueReporter = IssueReporter { issue in seen.append(issue.kind) }
        store.dispatch(NotRegistered())
        #expect(seen.all == [.unhandledAction])
    }

    #if canImport(Observation)
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("Store: Observation and SwiftUI")
        func observedSelection() {
            let store = makeApp().redux.store
            let log = Recorder<String>()
            let user = store.observed(\.user)
            let openTodos = store.observed { $0.todos.todos.count }

            withObservationTracking {
                log.append("\(user.userName) has \(openTodos.value) todos")
            } onChange: {
                log.append("about to change")
            }
            store.dispatch(SetUsernameAction(newUsername: "Ada"))

            #expect(log.all == [" has 0 todos", "about to change"])
            #expect(user.userName == "Ada")
        }
    #endif
}

// MARK: Docs/AsyncReducers.md

struct LoadUser: Action {
    var id: Int
}

struct LoadUserReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadUser, completion: @escaping @Sendable (UserState) -> Void) {
        DispatchQueue.global().async {
            // Stands in for a network call.
            completion(UserState(userName: "user-\(action.id)", isAuthenticated: true))
        }
    }
}

// MARK: Docs/Store.md

final class UserNameLabel: StoreSubscriber, @unchecked Sendable {
    private(set) var shown: [String] = []

    func update(state: String) {
        shown.append(state)
    }
}

actor Directory {
    func name(of id: Int) -> String { "user-\(id)" }
}

let directory = Directory()

struct LoadUserNameReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadUser) async -> UserState {
        UserState(userName: await directory.name(of: action.id), isAuthenticated: true)
    }
}

@Suite struct ConcurrentReducerDocumentationTests {
    @Test("AsyncReducers: the async-await form")
    func asyncAwaitForm() async {
        let container = ReducerRegistry()
        container.addReducer(reducer: LoadUserNameReducer())
        let store = Store(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
        await store.dispatch(LoadUser(id: 3))
        #expect(store.state.user.userName == "user-3")
    }
}

// MARK: Docs/Concurrency.md

/// Stands for a view: it lives on the main actor.
@MainActor final class GreetingView {
    var text = ""
}

final class GreetingPresenter: StoreSubscriber, Sendable {
    let view: GreetingView

    init(view: GreetingView) {
        self.view = view
    }

    func update(state: String) {
        Task { @MainActor [view] in view.text = "Hello, \(state)" }
    }
}

@Suite struct ConcurrencyDocumentationTests {
    @Test("Concurrency: a subscriber on another thread updates a main-actor view")
    @MainActor func subscriberHopsToTheMainActor() async {
        let store = makeApp().redux.store
        let view = GreetingView()
        let presenter = GreetingPresenter(view: view)
        store.suscribe(presenter, select: \.user.userName)
        let finished = await runOnThreads([{ store.dispatch(SetUsernameAction(newUsername: "Ada")) }])
        #expect(finished)
        // The presenter's tasks run on the main actor once this test yields it.
        for _ in 0..<1_000 where view.text != "Hello, Ada" {
            await Task.yield()
        }
        #expect(view.text == "Hello, Ada")
        store.unsuscribe(presenter)
    }
}
