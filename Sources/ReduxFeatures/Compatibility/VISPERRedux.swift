public import ReduxCore
public import ReduxReducers
public import ReduxStore

// VISPER-Redux's application types, kept so that its code ports unchanged. They add no capability
// to a store built from features (`Store(initialState:features:)`); Docs/MultiRedux.docc/Articles/Porting.md shows both.

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
    /// Where reducers are registered; the store's app reducer routes through it. A registration
    /// whose types look swapped (VISPER-Redux's `FunctionalReducer<State, Action>` order) is
    /// reported to the store's issue reporter.
    public let reducerContainer: any ReducerContainer
    /// Sends actions to the store.
    public let actionDispatcher: any ActionDispatcher

    init(store: Store<Root>) {
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
}

/// An application assembled from features, VISPER-Redux style: one ``Redux`` setup whose container
/// every ``LogicFeature`` adds its reducers to, by state type.
///
/// ```swift
/// let app = ReduxAppFactory().makeApplication(initialState: AppState(), appReducer: appReducer)
/// app.add(feature: UserFeature())
/// app.redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
/// ```
///
/// The app reducer decides which sub-states are reduced; a feature whose state type it never
/// reduces never runs. `Store(initialState:features:)` places each feature instead.
public final class ReduxApp<Root: State>: Sendable {
    /// The store, its container and its dispatcher.
    public let redux: Redux<Root>

    init(redux: Redux<Root>) {
        self.redux = redux
    }

    /// The app's state, observable VISPER-style: `app.state.value`,
    /// `app.state.map { $0.user }.subscribe { … }`.
    public var state: ObservableState<Root> {
        redux.store.observableState
    }

    /// Adds a feature: it registers its reducers in the app's container, by state type. Its
    /// reducers run from the next action on.
    ///
    /// - Parameter feature: The feature to add.
    public func add(feature: some LogicFeature) {
        feature.injectReducers(container: redux.reducerContainer)
    }
}

/// Makes ``ReduxApp`` instances, VISPER-Redux style.
public struct ReduxAppFactory: Sendable {
    /// Creates a factory.
    public init() {}

    /// Makes an app whose store uses a value-returning app reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: The store's entry point.
    /// - Returns: A new app with an empty reducer container.
    public func makeApplication<Root: State>(
        initialState: Root, appReducer: @escaping AppReducer<Root>
    ) -> ReduxApp<Root> {
        ReduxApp(redux: Redux(appReducer: appReducer, initialState: initialState))
    }

    /// Makes an app whose store uses an in-place app reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: The store's entry point.
    /// - Returns: A new app with an empty reducer container.
    public func makeApplication<Root: State>(
        initialState: Root, appReducer: @escaping InPlaceAppReducer<Root>
    ) -> ReduxApp<Root> {
        ReduxApp(redux: Redux(store: Store(initialState: initialState, appReducer: appReducer)))
    }
}
