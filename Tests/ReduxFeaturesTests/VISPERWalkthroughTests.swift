import MultiRedux
import TestHelpers
import Testing

// The VISPER-Redux README walk-through, ported with only the changes Swift 6 asks for: the
// states conform to `State` (which is `Sendable`) and closures stored in the shared container
// or in a global are marked `@Sendable`.

private struct AppState: State {
    var userState: UserState
    var todoListState: TodoListState
    var imprintState: ImprintState
}

private struct UserState: State {
    var userName: String
    var isAuthenticated: Bool
}

private struct TodoListState: State {
    var todos: [String]
}

private struct ImprintState: State {
    var text: String
    var didAlreadyRead: Bool
}

private struct SetUsernameAction: Action {
    var newUsername: String
}

private struct SetUsernameReducer: ActionReducerType {
    typealias ReducerStateType = UserState
    typealias ReducerActionType = SetUsernameAction

    func reduce(provider: ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState {
        UserState(userName: action.newUsername, isAuthenticated: state.isAuthenticated)
    }
}

private final class ExampleLogicFeature: LogicFeature {
    func injectReducers(container: ReducerContainer) {
        let reducer = SetUsernameReducer()
        container.addReducer(reducer: reducer)
    }
}

private let appReducer = {
    @Sendable (reducerProvider: ReducerProvider, action: Action, currentState: AppState) -> AppState in
    let state = AppState(
        userState: reducerProvider.reduce(action, currentState.userState),
        todoListState: reducerProvider.reduce(action, currentState.todoListState),
        imprintState: reducerProvider.reduce(action, currentState.imprintState)
    )
    return reducerProvider.reduce(action, state)
}

private func makeInitialState() -> AppState {
    AppState(
        userState: UserState(userName: "", isAuthenticated: false),
        todoListState: TodoListState(todos: []),
        imprintState: ImprintState(text: "Imprint", didAlreadyRead: false))
}

@Suite struct VISPERWalkthroughTests {
    @Test("a Redux setup with a reduce function sets the user name")
    func reduxWithReduceFunction() {
        let redux = Redux<AppState>(appReducer: appReducer, initialState: makeInitialState())
        let setUsernameReducer = {
            @Sendable
            (reducerProvider: ReducerProvider, action: SetUsernameAction, currentState: UserState) -> UserState in
            UserState(userName: action.newUsername, isAuthenticated: currentState.isAuthenticated)
        }
        redux.reducerContainer.addReduceFunction(reduceFunction: setUsernameReducer)

        let action = SetUsernameAction(newUsername: "Max Mustermann")
        redux.actionDispatcher.dispatch(action)

        #expect(redux.store.observableState.value.userState.userName == "Max Mustermann")
    }

    @Test("a ReduxApp with a LogicFeature sets the user name")
    func reduxAppWithFeature() {
        let factory = ReduxAppFactory()
        let app: ReduxApp<AppState> = factory.makeApplication(initialState: makeInitialState(), appReducer: appReducer)
        app.add(feature: ExampleLogicFeature())

        let action = SetUsernameAction(newUsername: "Max Mustermann")
        app.redux.actionDispatcher.dispatch(action)

        #expect(app.redux.store.observableState.value.userState.userName == "Max Mustermann")
        #expect(app.redux.store.state.imprintState.text == "Imprint")
    }

    @Test("a FunctionalReducer registered with addReducer runs")
    func functionalReducer() {
        let redux = Redux<AppState>(appReducer: appReducer, initialState: makeInitialState())
        let reduceFunction = {
            @Sendable (provider: ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState in
            UserState(userName: action.newUsername, isAuthenticated: state.isAuthenticated)
        }
        let functionalReducer = FunctionalReducer(reduceFunction: reduceFunction)
        redux.reducerContainer.addReducer(reducer: functionalReducer)

        redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Erika"))

        #expect(redux.store.state.userState.userName == "Erika")
    }

    @Test("observableState.subscribe in a SubscriptionReferenceBag sees the change")
    func observableStateSubscription() {
        let app = ReduxAppFactory().makeApplication(initialState: makeInitialState(), appReducer: appReducer)
        app.add(feature: ExampleLogicFeature())
        let referenceBag = SubscriptionReferenceBag()
        let names = Recorder<String>()
        let subscription = app.redux.store.observableState.subscribe { appState in
            names.append(appState.userState.userName)
        }
        referenceBag.addReference(reference: subscription)

        app.redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))

        #expect(names.all == ["", "Max Mustermann"])
        #expect(app.state.map { $0.userState.userName }.value == "Max Mustermann")
    }
}
