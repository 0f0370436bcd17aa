import MultiRedux

@testable import TodoListExample  // Todo

// The small to-do domain the pages in Docs/ use. Each page's snippets are compiled and run by the
// suite named after the page (StoreExampleTests for Docs/MultiRedux.docc/Articles/TheStore.md, ...): keep them in step with
// the Markdown.

// MARK: Docs/MultiRedux.docc/Articles/StateAndActions.md

struct AppState: State, Equatable {
    var user = UserState()
    var todos = TodoListState()
}

struct UserState: Equatable, Sendable {
    var userName = ""
    var isAuthenticated = false
}

struct TodoListState: Equatable, Sendable {
    var todos: [Todo] = []
}

struct SetUsernameAction: Action {
    var newUsername: String
}

struct AddTodo: Action {
    var title: String
}

/// Every action that logs the user out conforms to this protocol.
protocol ResetAction: Action {}

struct LogOut: ResetAction {}
struct SessionExpired: ResetAction {}

// MARK: Docs/MultiRedux.docc/Articles/ReducersAndRouting.md

struct SetUsernameReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: SetUsernameAction, state: inout UserState) {
        state.userName = action.newUsername
    }
}

struct AddTodoReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: AddTodo, state: inout TodoListState) {
        state.todos.append(Todo(title: action.title))  // O(1): the store reduces in place
    }
}

struct ResetUserReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: any ResetAction, state: inout UserState) {
        state = UserState()
    }
}

// MARK: Docs/MultiRedux.docc/Articles/Features.md

struct UserFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: SetUsernameReducer())
        container.addReducer(reducer: ResetUserReducer())
    }
}

struct TodoFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: AddTodoReducer())
        container.addReduceFunction { (_, _: any ResetAction, state: inout TodoListState) in
            state.todos.removeAll()
        }
    }
}

/// The store most examples start from: both features placed in the root state.
///
/// - Parameter issueReporter: Where the store reports issues; tests that expect misuse collect it.
func makeStore(issueReporter: IssueReporter = .default) -> Store<AppState> {
    Store(
        initialState: AppState(),
        features: [UserFeature().at(\.user), TodoFeature().at(\.todos)],
        issueReporter: issueReporter)
}
