import MultiRedux
import TestHelpers
import Testing

// MARK: Docs/Porting.md: code written for VISPER-Redux, ReSwift and ReduxSample, compiled as is.

/// VISPER-Redux's README, ported.
enum VISPERPort {
    struct SetUsernameReducer: ActionReducerType {
        func reduce(provider: any ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState {
            var state = state
            state.userName = action.newUsername
            return state
        }
    }

    struct ExampleLogicFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReducer(reducer: SetUsernameReducer())
        }
    }

    static let appReducer: AppReducer<AppState> = { provider, action, state in
        AppState(user: provider.reduce(action, state.user), todos: provider.reduce(action, state.todos))
    }

    /// VISPER's completion form: the whole new state, handed to a completion.
    struct ReplaceTodosReducer: AsyncActionReducerType {
        let server: TodoServer

        func reduce(
            provider: any ReducerProvider, action: LoadTodos, completion: @escaping @Sendable (TodoListState) -> Void
        ) {
            Task {
                let titles = await server.todoTitles()
                completion(TodoListState(todos: titles.map { Todo(title: $0) }))
            }
        }
    }

    struct FetchScore: Action {}

    /// Completes with a fixed score; placed at one of two sub-states of the same type.
    struct FetchScoreReducer: AsyncActionReducerType {
        func reduce(
            provider: any ReducerProvider, action: FetchScore, completion: @escaping @Sendable (TeamScore) -> Void
        ) {
            completion(TeamScore(goals: 5))
        }
    }

    struct FetchScoreFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReducer(reducer: FetchScoreReducer())
        }
    }

    /// Calls its completion twice; the second call is reported and ignored.
    struct TwiceReducer: AsyncActionReducerType {
        func reduce(
            provider: any ReducerProvider, action: FetchScore, completion: @escaping @Sendable (TeamScore) -> Void
        ) {
            completion(TeamScore(goals: 1))
            completion(TeamScore(goals: 2))
        }
    }
}

/// ReSwift's counter, ported.
enum ReSwiftPort {
    struct CounterState: StateType { var counter = 0 }
    struct CounterActionIncrease: Action {}

    static func counterReducer(action: any Action, state: CounterState?) -> CounterState {
        var state = state ?? CounterState()
        if action is CounterActionIncrease { state.counter += 1 }
        return state
    }

    final class CounterLabel: StoreSubscriber {
        var text = ""

        func update(state: Int) {
            text = "\(state)"
        }
    }
}

extension VISPERPort {
    /// The README's app, assembled VISPER's way; returns the user name as the app and the store see it.
    static func readme() -> [String] {
        let app = ReduxAppFactory().makeApplication(initialState: AppState(), appReducer: appReducer)
        app.add(feature: ExampleLogicFeature())
        app.redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
        return [app.state.value.user.userName, app.redux.store.state.user.userName]
    }

    /// The same app from a placed feature; returns the user name.
    static func readmeInCore() -> String {
        let store = Store(initialState: AppState(), features: [ExampleLogicFeature().at(\.user)])
        store.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
        return store.state.user.userName
    }
}

extension ReSwiftPort {
    /// ReSwift's counter with a subscribed label; returns the label's text and the count.
    static func counter() -> (text: String, count: Int) {
        let store = Store(reducer: counterReducer, state: nil)
        let label = CounterLabel()
        store.subscribe(label, select: \.counter)
        store.dispatch(CounterActionIncrease())
        store.unsubscribe(label)
        store.dispatch(CounterActionIncrease())
        return (label.text, store.state.counter)
    }

    /// ReduxSample's spellings on the same store; returns the label's text and `getState()`.
    static func reduxSample() -> (text: String, count: Int) {
        let store = Store(reducer: counterReducer, state: CounterState())
        let label = CounterLabel()
        store.suscribe(label, select: \.counter)
        store.dispatch(action: CounterActionIncrease())
        store.replaceReducer(reducer: { _, state in CounterState(counter: (state?.counter ?? 0) + 10) })
        store.dispatch(action: CounterActionIncrease())
        store.unsuscribe(label)
        return (label.text, store.getState().counter)
    }
}

@Suite struct PortingExampleTests {
    @Test("VISPER-Redux: the README's app, feature and dispatcher")
    func visperReadme() {
        #expect(VISPERPort.readme() == ["Max Mustermann", "Max Mustermann"])
    }

    @Test("VISPER-Redux: the same app from a placed feature")
    func visperReadmeInCore() {
        #expect(VISPERPort.readmeInCore() == "Max Mustermann")
    }

    @Test("VISPER-Redux: observable state and a reference bag")
    func visperObservableState() {
        let store = makeStore()
        let log = Recorder<String>()
        let bag = SubscriptionReferenceBag()
        let reference = store.observableState.subscribe { state in log.append(state.user.userName) }
        bag.addReference(reference: reference)
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        #expect(store.observableState.value.user.userName == "Ada")
        #expect(log.all == ["", "Ada"])
    }

    @Test("VISPER-Redux: a completion replaces the sub-state, losing a change made meanwhile")
    func visperCompletionReplaces() async {
        let server = TodoServer()
        let store = Store(
            initialState: AppState(),
            features: [TodoFeature().at(\.todos), VISPERSyncFeature(server: server).at(\.todos)])
        let loading = Task { await store.dispatch(LoadTodos()) }
        await server.waitForRequest()
        await store.dispatch(AddTodo(title: "Buy milk"))  // lost: the completion replaces the list
        await server.answer(["Write docs"])
        await loading.value
        #expect(store.state.todos.todos.map(\.title) == ["Write docs"])
    }

    @Test("VISPER-Redux: a completion lands only at the place whose reducer started it")
    func visperCompletionLandsInItsSlot() async {
        let match = Store(
            initialState: Match(),
            features: [ScoreFeature(side: .home).at(\.home), VISPERPort.FetchScoreFeature().at(\.home)])
        await match.dispatch(VISPERPort.FetchScore())
        #expect(match.state == Match(home: TeamScore(goals: 5), away: TeamScore()))
    }

    @Test("a store routed by type replaces every sub-state of the completion's type")
    func typeRoutedCompletion() async {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: VISPERPort.FetchScoreReducer())
        let match = Store(
            initialState: Match(), appReducer: reduceSubstates(Substate(\.home), Substate(\.away)),
            reducerContainer: registry)
        await match.dispatch(VISPERPort.FetchScore())
        #expect(match.state == Match(home: TeamScore(goals: 5), away: TeamScore(goals: 5)))
    }

    @Test("a second call of a completion is reported and ignored")
    func completionCalledTwice() async {
        let issues = IssueCollector()
        let registry = ReducerRegistry()
        registry.addReducer(reducer: VISPERPort.TwiceReducer())
        let match = Store(
            initialState: Match(), appReducer: reduceSubstates(Substate(\.home)), reducerContainer: registry,
            issueReporter: issues.reporter)
        await match.dispatch(VISPERPort.FetchScore())
        #expect(match.state.home == TeamScore(goals: 1))
        #expect(issues.kinds == [.completionCalledTwice])
    }

    @Test("ReSwift: a store around one reducer function, and a subscriber until it unsubscribes")
    func reSwiftCounter() {
        let (text, count) = ReSwiftPort.counter()
        #expect(text == "1")
        #expect(count == 2)
    }

    @Test("ReduxSample: suscribe, getState, dispatch(action:), replaceReducer(reducer:)")
    func reduxSample() {
        let (text, count) = ReSwiftPort.reduxSample()
        #expect(text == "11")
        #expect(count == 11)
    }

    @Test("middleware's second argument is the store, still spelled MiddlewareContext")
    func middlewareContext() {
        let log = Recorder<Int>()
        let handle: @Sendable (any Action, MiddlewareContext<AppState>) -> (any Action)? = { action, context in
            log.append(context.state.todos.todos.count)
            return action
        }
        let store = Store(
            initialState: AppState(), features: [TodoFeature().at(\.todos)], middleware: [Middleware(handle)])
        store.dispatch(AddTodo(title: "Write docs"))
        #expect(log.all == [0])
    }
}

/// Registers VISPER's completion reducer; placed where `TodoFeature` is.
struct VISPERSyncFeature: LogicFeature {
    let server: TodoServer

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: VISPERPort.ReplaceTodosReducer(server: server))
    }
}
