import MultiRedux
import TestHelpers
import Testing

#if canImport(Observation)
    import Observation
#endif

/// The examples of <doc:TheStore>.
@Suite struct StoreExampleTests {
    @Test("a store from features: dispatch, then read")
    func dispatchAndRead() {
        let store = Store(initialState: AppState(), features: [UserFeature().at(\.user), TodoFeature().at(\.todos)])
        store.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
        #expect(store.state.user.userName == "Max Mustermann")
    }

    @Test("observe: a key path, a closure and the whole state; Equatable selections skip repeats")
    func observeForms() {
        let store = makeStore()
        let log = Recorder<String>()
        let greeting = store.observe(select: \.user.userName) { name in log.append("Hello, \(name)") }
        let counter = store.observe(select: { $0.todos.todos.count }) { count in log.append("\(count) todos") }
        let everything = store.observe { state in log.append(state.user.userName) }

        store.dispatch(AddTodo(title: "Buy milk"))  // the name did not change: `greeting` is not called
        store.dispatch(SetUsernameAction(newUsername: "Ada"))

        #expect(log.all.filter { $0.hasPrefix("Hello") } == ["Hello, ", "Hello, Ada"])
        #expect(log.all.filter { $0.hasSuffix("todos") } == ["0 todos", "1 todos"])
        // The whole state: now, and after each action.
        #expect(log.all.filter { !$0.hasPrefix("Hello") && !$0.hasSuffix("todos") } == ["", "", "Ada"])
        greeting.cancel()
        counter.cancel()
        everything.cancel()
        store.dispatch(SetUsernameAction(newUsername: "Grace"))
        #expect(log.all.count == 7)
    }

    @Test("the Equatable rule is decided from the type, also where the code does not know it")
    func equatableRuleInGenericCode() {
        let store = makeStore()
        let count = Recorder<Int>()
        /// Knows nothing about `Selected`: the store still skips repeats of an `Equatable` one.
        func watch<Selected: Sendable>(_ keyPath: any KeyPath<AppState, Selected> & Sendable) -> ObservationToken {
            store.observe(select: keyPath) { _ in count.append(1) }
        }
        let token = watch(\.user.userName)
        store.dispatch(AddTodo(title: "Buy milk"))
        store.dispatch(AddTodo(title: "Call Grace"))
        #expect(count.all.count == 1)
        token.cancel()
    }

    @Test("the whole state arrives after every action; selected as \\.self, an Equatable root skips repeats")
    func wholeState() {
        let store = makeStore()
        let whole = Recorder<AppState>()
        let selected = Recorder<AppState>()
        let everyAction = store.observe { whole.append($0) }
        let changesOnly = store.observe(select: \.self) { selected.append($0) }
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        #expect(whole.all.count == 3)
        #expect(selected.all.count == 2)
        everyAction.cancel()
        changesOnly.cancel()
    }

    @Test("a non-Equatable selection is delivered after every action")
    func nonEquatableSelection() {
        struct Snapshot: Sendable { var todos: Int }
        let store = makeStore()
        let seen = Recorder<Int>()
        let token = store.observe(select: { Snapshot(todos: $0.todos.todos.count) }) { seen.append($0.todos) }
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        store.dispatch(SetUsernameAction(newUsername: "Grace"))
        #expect(seen.all == [0, 0, 0])
        token.cancel()
    }

    @Test("states: an async sequence of every state")
    func asyncSequence() async {
        let store = makeStore()
        let log = Recorder<String>()
        Task { await store.dispatchAndWait(SetUsernameAction(newUsername: "Grace")) }
        for await state in store.states where !state.user.userName.isEmpty {
            log.append("Welcome, \(state.user.userName)")
            break
        }
        #expect(log.all == ["Welcome, Grace"])
    }

    #if canImport(Observation)
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("observed: a part of the state as an Observable object")
        @MainActor func observedSelection() {
            let store = makeStore()
            let log = Recorder<String>()
            let user = store.observed(\.user)  // Equatable: reports real changes only
            let openTodos = store.observed(\.todos.todos.count)
            let everything = store.observed(\.self)

            withObservationTracking {
                log.append("\(user.userName) has \(openTodos.value) todos")  // `user.userName` reads `user.value`
            } onChange: {
                log.append("about to change")
            }
            store.dispatch(SetUsernameAction(newUsername: "Ada"))  // prints "about to change"

            #expect(log.all == [" has 0 todos", "about to change"])
            #expect(user.userName == "Ada")
            #expect(openTodos.value == 0)
            #expect(everything.value == store.state)
        }
    #endif

    @Test("middleware that logs and middleware that drops")
    func middleware() {
        let log = Recorder<String>()
        let logger = Middleware<AppState> { action, store in
            log.append("\(type(of: action)) with \(store.state.todos.todos.count) todos")
            return action
        }
        let readOnly = Middleware<AppState> { action, _ in action is AddTodo ? nil : action }
        let store = Store(
            initialState: AppState(), features: [TodoFeature().at(\.todos)], middleware: [logger, readOnly])
        store.dispatch(AddTodo(title: "dropped"))
        #expect(store.state.todos.todos.isEmpty)
        #expect(log.all == ["AddTodo with 0 todos"])
    }

    /// An action no feature registers a reducer for.
    private struct NotRegistered: Action {}

    @Test("an issue reporter that shows unhandled actions")
    func issueReporter() {
        let store = makeStore()
        store.issueReporter = .logging  // see unhandled actions while developing
        let seen = Recorder<ReduxIssue.Kind>()
        store.issueReporter = IssueReporter { issue in seen.append(issue.kind) }
        store.dispatch(NotRegistered())
        #expect(seen.all == [.unhandledAction])
    }
}
