import MultiRedux
import TestHelpers
import Testing

@testable import TodoListExample

// MARK: the Porting article: the worked ports, run. The ported types are in PortingExamples.swift.

extension ReSwiftPort {
    /// ReSwift's README counter: the screen appears twice, is tapped, disappears, and the counter
    /// goes on; returns the screen's text and number of updates, and the count.
    static func readme() -> (text: String, updates: Int, count: Int) {
        let store = Store(reducer: counterReducer, state: nil)
        let screen = CounterScreen(store: store)
        screen.viewWillAppear()
        screen.viewWillAppear()  // shown again: still one subscription
        screen.increaseTapped()
        screen.viewWillDisappear()
        store.dispatch(CounterActionIncrease())
        return (screen.text, screen.updates, store.state.counter)
    }

    /// The subscription options on the same store; returns what the label saw.
    static func subscriptionOptions() -> [String] {
        let store = Store(reducer: counterReducer, state: nil)
        let label = CounterLabel()
        let log = Recorder<String>()
        store.subscribe(label) { $0.select { $0.counter } }
        store.subscribe(label) { $0.select(\.counter).only(when: { old, new in new > old }) }
        for action: any Action in [CounterActionIncrease(), CounterActionIncrease(), CounterActionDecrease()] {
            store.dispatch(action)
            log.append(label.text)
        }
        return log.all
    }

    /// One state-agnostic middleware in two stores of different states; returns what it logged.
    static func stateAgnosticMiddleware() -> [String] {
        let log = Recorder<String>()
        let logActions: @Sendable (any Action, any StoreType) -> (any Action)? = { action, store in
            log.append("\(type(of: action)) on \(type(of: store.state))")
            return action
        }
        let counter = Store(reducer: counterReducer, state: nil, middleware: [Middleware(logActions)])
        let app = Store(
            initialState: AppState(), features: [UserFeature().at(\.user)], middleware: [Middleware(logActions)])
        counter.dispatch(CounterActionIncrease())
        app.dispatch(SetUsernameAction(newUsername: "Ada"))
        return log.all
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

    /// The README's manual set-up, with a reduce function and a `FunctionalReducer` in
    /// MultiRedux's generic order; returns the user names seen by a dropped subscription.
    static func manualSetup() -> [String] {
        let log = Recorder<String>()
        let redux = Redux<AppState>(appReducer: appReducer, initialState: AppState())
        let reduceFunction = {
            @Sendable (provider: any ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState in
            UserState(userName: action.newUsername, isAuthenticated: state.isAuthenticated)
        }
        redux.reducerContainer.addReduceFunction(reduceFunction: reduceFunction)
        let reducer = FunctionalReducer<SetUsernameAction, UserState>(reduceFunction: reduceFunction)
        redux.reducerContainer.addReducer(reducer: reducer)
        redux.store.observableState.subscribe { state in log.append(state.user.userName) }
        redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
        redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Erika"))
        return log.all + [redux.store.observableState.value.user.userName]
    }

    /// The same app from a placed feature; returns the user name.
    static func readmeInCore() -> String {
        let store = Store(initialState: AppState(), features: [ExampleLogicFeature().at(\.user)])
        store.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
        return store.state.user.userName
    }

    /// VISPER's store initialiser and reducer query, and what replaces them; returns the answers.
    static func reducerQueries() -> (registered: [String], reduced: String, stored: String) {
        let container = ReducerRegistry()
        container.addReducer(reducer: SetUsernameReducer())
        let registered = container.reducers(handling: SetUsernameAction.self, on: UserState.self)
        var user = UserState()
        container.reduce(SetUsernameAction(newUsername: "Max"), &user)
        let store = Store(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
        store.dispatch(SetUsernameAction(newUsername: "Erika"))
        return (registered.map { "\($0.reducerType)" }, user.userName, store.state.user.userName)
    }
}

extension ReduxSamplePort {
    /// ReduxSample's flow: subscribe, replace the reducer, dispatch; returns the screen's tasks and
    /// `getState()`'s.
    static func readme() -> (screen: [String], store: [String], identifier: String) {
        let store = Store(reducer: { _, state in state ?? TaskListState() }, state: TaskListState())
        let screen = TaskListScreen()
        store.suscribe(screen)
        store.replaceReducer(reducer: addTaskReducer)
        store.dispatch(action: AddTaskAction())
        store.unsuscribe(screen)
        store.dispatch(action: AddTaskAction())
        return (screen.state.tasks, store.getState().tasks, screen.identifier)
    }
}

@Suite struct PortingExampleTests {
    @Test("ReSwift: the README's counter; a screen shown twice is notified once per action")
    func reSwiftReadme() {
        let (text, updates, count) = ReSwiftPort.readme()
        #expect(text == "1")
        #expect(updates == 3)  // the current state at each appearance, then one increase
        #expect(count == 2)
    }

    @Test("ReSwift: select, and only(when:) on the value before and after each action")
    func reSwiftSubscriptionOptions() {
        #expect(ReSwiftPort.subscriptionOptions() == ["1", "2", "2"])
    }

    @Test("ReSwift: one state-agnostic middleware serves stores of different states")
    func reSwiftStateAgnosticMiddleware() {
        #expect(
            ReSwiftPort.stateAgnosticMiddleware() == [
                "CounterActionIncrease on CounterState", "SetUsernameAction on AppState",
            ])
    }

    @Test("VISPER-Redux: the README's app, feature and dispatcher")
    func visperReadme() {
        #expect(VISPERPort.readme() == ["Max Mustermann", "Max Mustermann"])
    }

    @Test("VISPER-Redux: a manual set-up; a dropped observableState reference keeps observing")
    func visperManualSetup() {
        #expect(VISPERPort.manualSetup() == ["", "Max Mustermann", "Erika", "Erika"])
    }

    @Test("VISPER-Redux: the same app from a placed feature")
    func visperReadmeInCore() {
        #expect(VISPERPort.readmeInCore() == "Max Mustermann")
    }

    @Test("VISPER-Redux: the store initialiser, and reducer queries as reducers(handling:on:) and reduce")
    func visperReducerQueries() {
        let (registered, reduced, stored) = VISPERPort.reducerQueries()
        #expect(registered == ["SetUsernameReducer"])
        #expect(reduced == "Max")
        #expect(stored == "Erika")
    }

    @Test("VISPER-Redux: observable state and a reference bag")
    func visperObservableState() {
        let store = makeStore()
        let log = Recorder<String>()
        do {
            let bag = SubscriptionReferenceBag()
            let reference = store.observableState.subscribe { state in log.append(state.user.userName) }
            bag.addReference(reference: reference)
            store.dispatch(SetUsernameAction(newUsername: "Ada"))
            #expect(store.observableState.value.user.userName == "Ada")
        }
        store.dispatch(SetUsernameAction(newUsername: "Grace"))  // the bag is gone: not observed
        #expect(log.all == ["", "Ada"])
    }

    @Test("VISPER-Redux: a completion replaces the sub-state, losing a change made meanwhile")
    func visperCompletionReplaces() async {
        let server = TodoServer()
        let store = Store(
            initialState: AppState(),
            features: [TodoFeature().at(\.todos), VISPERSyncFeature(server: server).at(\.todos)])
        let loading = Task { await store.dispatchAndWait(LoadTodos()) }
        await server.waitForRequest()
        await store.dispatchAndWait(AddTodo(title: "Buy milk"))  // lost: the completion replaces the list
        await server.answer(["Write docs"])
        await loading.value
        #expect(store.state.todos.todos.map(\.title) == ["Write docs"])
    }

    @Test("VISPER-Redux: a completion lands only at the place whose reducer started it")
    func visperCompletionLandsInItsSlot() async {
        let match = Store(
            initialState: Match(),
            features: [ScoreFeature(side: .home).at(\.home), VISPERPort.FetchScoreFeature().at(\.home)])
        await match.dispatchAndWait(VISPERPort.FetchScore())
        #expect(match.state == Match(home: TeamScore(goals: 5), away: TeamScore()))
    }

    @Test("a store routed by type replaces every sub-state of the completion's type")
    func typeRoutedCompletion() async {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: VISPERPort.FetchScoreReducer())
        let match = Store(
            initialState: Match(), appReducer: reduceSubstates(Substate(\.home), Substate(\.away)),
            reducerContainer: registry)
        await match.dispatchAndWait(VISPERPort.FetchScore())
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
        await match.dispatchAndWait(VISPERPort.FetchScore())
        #expect(match.state.home == TeamScore(goals: 1))
        #expect(issues.kinds == [.completionCalledTwice])
    }

    @Test("ReduxSample: suscribe, replaceReducer(reducer:), dispatch(action:), getState, unsuscribe")
    func reduxSample() {
        let (screen, store, identifier) = ReduxSamplePort.readme()
        #expect(screen == ["New task"])
        #expect(store == ["New task", "New task"])
        #expect(identifier == "TaskListScreen")
    }
}
