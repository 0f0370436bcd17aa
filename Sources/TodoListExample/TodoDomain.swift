import Foundation
import MultiRedux

// The to-do app of Docs/MultiRedux.docc/Articles/Effects.md: a session, a to-do list loaded from
// a server, a search. DocumentationTests runs it; TodoListView.swift puts it on screen.

/// A to-do item.
struct Todo: Equatable, Sendable {
    var title: String
    var owner = ""
}

struct Session: Equatable, Sendable {
    var userName = ""
    var isLoggingIn = false
}

struct TodoState: Equatable, Sendable {
    var todos: [Todo] = []
    var isLoading = false
    var error: String?
}

struct SearchState: Equatable, Sendable {
    var query = ""
    var results: [String] = []
}

struct TodoApp: State, Equatable {
    var session = Session()
    var todos = TodoState()
    var search = SearchState()
}

struct LogIn: Action {
    var name: String
}

struct LoadTodos: Action {}

struct Search: Action {
    var query: String
}

struct CancelSearch: Action {}

struct ImportTodos: Action {
    var titles: [String]
}

/// The to-do server, as the app's effects reach it.
struct TodoClient: Sendable {
    var logIn: @Sendable (_ name: String) async throws -> String
    var load: @Sendable () async throws -> [String]
    var save: @Sendable (_ title: String) async throws -> Void
    var search: @Sendable (_ query: String) async throws -> [String]
}

private let todoClientKey = DependencyKey(
    live: TodoClient(
        logIn: { name in name },
        load: { throw TodoClientError.offline },
        save: { _ in throw TodoClientError.offline },
        search: { _ in throw TodoClientError.offline }),
    preview: TodoClient(
        logIn: { name in name },
        load: { ["Buy milk", "Write the docs"] },
        save: { _ in },
        search: { query in ["Buy milk", "Write the docs"].filter { $0.lowercased().contains(query.lowercased()) } }))

extension Dependencies {
    var todoClient: TodoClient {
        get { self[todoClientKey] }
        set { self[todoClientKey] = newValue }
    }
}

enum TodoClientError: Error {
    case offline
}

enum TodoEffect {
    case load
}

enum SearchEffect {
    case query
}

struct SessionFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: LogIn, state: inout Session) -> Effect<Session> in
            state.isLoggingIn = true
            let client = provider.dependencies.todoClient
            return .run { effect in
                let userName = try await client.logIn(action.name)
                effect.update { session in
                    session.userName = userName
                    session.isLoggingIn = false
                }
                effect.send(LoadTodos())
            }
        }
    }
}

struct TodoListFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, _: LoadTodos, state: inout TodoState) -> Effect<TodoState> in
            state.isLoading = true
            let client = provider.dependencies.todoClient
            return .run(id: TodoEffect.load, cancelInFlight: true) { effect in
                let titles = try await client.load()
                let owner = provider.read(Session.self)?.userName ?? ""
                effect.update { state in
                    state.todos = titles.map { Todo(title: $0, owner: owner) }
                    state.isLoading = false
                    state.error = nil
                }
            } catch: { error, effect in
                effect.update { state in
                    state.error = "\(error)"
                    state.isLoading = false
                }
            }
        }
        container.addAsyncReduceFunction { (provider, action: ImportTodos, _: inout TodoState) -> Effect<TodoState> in
            let client = provider.dependencies.todoClient
            return .run { effect in
                for title in action.titles {
                    try await client.save(title)
                    effect.update { $0.todos.append(Todo(title: title)) }
                }
                effect.send(LoadTodos())
            }
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct SearchFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction {
            (provider, action: Search, state: inout SearchState) -> Effect<SearchState> in
            state.query = action.query
            let (clock, client) = (provider.dependencies.clock, provider.dependencies.todoClient)
            return .run(id: SearchEffect.query, cancelInFlight: true) { effect in
                try await clock.sleep(for: .milliseconds(300))
                let results = try await client.search(action.query)
                effect.update { $0.results = results }
            }
        }
        container.addAsyncReduceFunction { (_, _: CancelSearch, state: inout SearchState) -> Effect<SearchState> in
            state.query = ""
            return .cancel(id: SearchEffect.query)
        }
    }
}
