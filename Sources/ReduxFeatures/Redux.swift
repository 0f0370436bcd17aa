public import ReduxCore
public import ReduxReducers
public import ReduxStore

/// The three parts of a Redux setup in one object, VISPER-Redux style: the store, the container
/// its app reducer routes through, and the dispatcher to hand to code that sends actions.
///
/// ```swift
/// let redux = Redux<AppState>(appReducer: appReducer, initialState: AppState())
/// redux.reducerContainer.addReducer(reducer: SetUsernameReducer())
/// redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
/// ```
public final class Redux<Root: State>: Sendable {
    /// The store that holds the state.
    public let store: Store<Root>
    /// Where reducers are registered; the store's app reducer routes through it.
    public let reducerContainer: any ReducerContainer
    /// Sends actions to the store.
    public let actionDispatcher: any ActionDispatcher

    /// Creates a setup around an existing store.
    ///
    /// - Parameter store: The store; its container becomes ``reducerContainer``.
    public init(store: Store<Root>) {
        self.store = store
        reducerContainer = store.reducerContainer
        actionDispatcher = store
    }

    /// Creates a store with a value-returning app reducer and a new `ReducerRegistry`.
    ///
    /// - Parameters:
    ///   - appReducer: The store's entry point.
    ///   - initialState: The state before any action.
    ///   - middleware: Runs on every action before the reducers.
    public convenience init(
        appReducer: @escaping AppReducer<Root>, initialState: Root, middleware: [Middleware<Root>] = []
    ) {
        self.init(store: Store(initialState: initialState, appReducer: appReducer, middleware: middleware))
    }

    /// Creates a store with an in-place app reducer and a new `ReducerRegistry`.
    ///
    /// - Parameters:
    ///   - appReducer: The store's entry point.
    ///   - initialState: The state before any action.
    ///   - middleware: Runs on every action before the reducers.
    public convenience init(
        appReducer: @escaping InPlaceAppReducer<Root>, initialState: Root, middleware: [Middleware<Root>] = []
    ) {
        self.init(store: Store(initialState: initialState, appReducer: appReducer, middleware: middleware))
    }
}
