import Foundation
import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

// MARK: Docs/MultiRedux.docc/Articles/Features.md, "Features that talk to each other"

// The log-in feature: logs in, then announces it with a delegate action.

struct LoginState: State, Equatable {
    var user: String?
    var isLoggingIn = false
    var error: String?
}

struct SubmitLogin: Action { var name: String }

/// The log-in feature's delegate action: it says what happened; whoever placed the feature answers.
struct LoggedIn: Action { var user: String }

struct LoginClient: Sendable {
    var logIn: @Sendable (_ name: String) async throws -> String
}

private let loginClientKey = DependencyKey(
    live: LoginClient(logIn: { name in name }), test: LoginClient(logIn: { name in name }))

extension Dependencies {
    var loginClient: LoginClient {
        get { self[loginClientKey] }
        set { self[loginClientKey] = newValue }
    }
}

struct LoginFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction {
            (provider, action: SubmitLogin, state: inout LoginState) -> Effect<LoginState> in
            state.isLoggingIn = true
            let client = provider.dependencies.loginClient
            return .run { effect in
                let user = try await client.logIn(action.name)
                effect.update {
                    $0.user = user
                    $0.isLoggingIn = false
                }
                effect.send(LoggedIn(user: user))  // for the app to answer
            } catch: { error, effect in
                effect.update {
                    $0.error = "\(error)"
                    $0.isLoggingIn = false
                }
            }
        }
    }
}

// The to-do feature: loads the to-dos of an owner, under an id.

struct TodosState: Equatable, Sendable {
    var owner = ""
    var titles: [String] = []
    var isLoading = false
    var error: String?
}

struct LoadTodosOf: Action { var owner: String }
struct ClearTodos: Action {}

enum TodosEffect {
    case load
}

struct TodosClient: Sendable {
    var load: @Sendable (_ owner: String) async throws -> [String]
}

private let todosClientKey = DependencyKey<TodosClient>(
    live: TodosClient(load: { _ in [] }), test: TodosClient(load: unimplemented("TodosClient.load")))

extension Dependencies {
    var todosClient: TodosClient {
        get { self[todosClientKey] }
        set { self[todosClientKey] = newValue }
    }
}

struct TodosFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction {
            (provider, action: LoadTodosOf, state: inout TodosState) -> Effect<TodosState> in
            state.owner = action.owner
            state.isLoading = true
            let client = provider.dependencies.todosClient
            return .run(id: TodosEffect.load, cancelInFlight: true) { effect in
                let titles = try await client.load(action.owner)
                effect.update {
                    $0.titles = titles
                    $0.isLoading = false
                }
            } catch: { error, effect in
                effect.update {
                    $0.error = "\(error)"
                    $0.isLoading = false
                }
            }
        }
        container.addReduceFunction { (_, _: ClearTodos, state: inout TodosState) in state = TodosState() }
    }
}

// The app: places both features, and answers the log-in feature's delegate action.

struct Desk: State, Equatable {
    var login = LoginState()
    var todos = TodosState()
}

struct SignOff: Action {}

struct DeskFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: LoggedIn, _: inout Desk) -> Effect<Desk> in
            .send(LoadTodosOf(owner: action.user))  // answer with an action, no work
        }
        container.addAsyncReduceFunction { (_, _: SignOff, desk: inout Desk) -> Effect<Desk> in
            desk = Desk()
            return .cancel(id: TodosEffect.load, at: \Desk.todos)  // the to-do feature's load
        }
    }
}

enum DeskApp {
    /// The app's features, in the order they are placed. A computed property: a `static let`
    /// of placed features is not `Sendable`, which Swift 6 refuses for a global.
    static var features: [PlacedFeature<Desk>] {
        [LoginFeature().at(\.login), TodosFeature().at(\.todos), DeskFeature().at(\.self)]
    }
}

struct ServerDown: Error, CustomStringConvertible {
    var description: String { "the server is down" }
}

@Suite(.testStoreTimeout(.seconds(120))) struct CrossFeatureExampleTests {
    @Test("the log-in feature, tested alone, receives the delegate action it sends for the app")
    func loginAlone() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: LoginState(), features: [LoginFeature().at(\.self)],
                dependencies: .testing { $0.loginClient = LoginClient(logIn: { name in name.capitalized }) })
            await store.send(SubmitLogin(name: "ada")) { $0.isLoggingIn = true }
            await store.receive(LoginState.self) {
                $0.user = "Ada"
                $0.isLoggingIn = false
            }
            await store.receive(LoggedIn.self)  // the delegate action: the app answers it
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a client that fails leaves the error in the state and announces nothing")
    func loginFails() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: LoginState(), features: [LoginFeature().at(\.self)],
                dependencies: .testing { $0.loginClient = LoginClient(logIn: { _ in throw ServerDown() }) })
            await store.send(SubmitLogin(name: "ada")) { $0.isLoggingIn = true }
            await store.receive(LoginState.self) {
                $0.error = "the server is down"
                $0.isLoggingIn = false
            }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("the app's reducers are named in a routing test, and sign-off is checked without a store")
    func appAlone() {
        let failures = collectFailures {
            let routes = ReducerRoutes(initialState: Desk(), features: DeskApp.features)
            routes.assertReducers(handling: SignOff.self, on: Desk.self, are: [AsyncReduceFunction<SignOff, Desk>.self])
            routes.assertReducers(
                handling: LoggedIn.self, on: Desk.self, are: [AsyncReduceFunction<LoggedIn, Desk>.self])
            var signedIn = Desk()
            signedIn.login.user = "Ada"
            assertReduce(features: DeskApp.features, action: SignOff(), on: signedIn) { $0 = Desk() }
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("the whole app: log in, the app loads the to-dos, sign-off cancels the load and nothing lands")
    func wholeApp() async {
        let (gate, opened) = AsyncStream<Void>.makeStream()
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Desk(), features: DeskApp.features,
                dependencies: Dependencies {
                    $0.loginClient = LoginClient(logIn: { name in name })
                    $0.todosClient = TodosClient(load: { owner in
                        for await _ in gate { break }  // the server answers when the test lets it
                        return ["\(owner): buy milk"]
                    })
                })
            await store.send(SubmitLogin(name: "ada")) { $0.login.isLoggingIn = true }
            await store.receive(LoginState.self) {
                $0.login.user = "ada"
                $0.login.isLoggingIn = false
            }
            await store.receive(LoggedIn.self)
            await store.receive(LoadTodosOf.self) {
                $0.todos.owner = "ada"
                $0.todos.isLoading = true
            }
            await store.send(SignOff()) { $0 = Desk() }  // cancels the load at \Desk.todos
            opened.yield()
            await store.finish()  // nothing was left running, nothing landed
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("a plain store in test mode runs the app on test values: the load lands after log-in")
    func plainStoreInTestMode() async {
        let store = Store(
            initialState: Desk(), features: DeskApp.features, issueReporter: .failingTest(),
            dependencies: .testing {
                $0.loginClient = LoginClient(logIn: { name in name })
                $0.todosClient = TodosClient(load: { owner in ["\(owner): write docs"] })
            })
        await store.dispatchAndWait(SubmitLogin(name: "bo"))
        #expect(store.state.todos == TodosState(owner: "bo", titles: ["bo: write docs"]))
    }
}
