public import ReduxCore
public import ReduxReducers
internal import ReduxShared

// Spellings of MultiRedux before 1.0 (the design card's stores around an app reducer), kept so
// that code written for them compiles; Porting.md lists them with what to use instead.

extension Store {
    /// Creates a store around an in-place app reducer that routes through a container by state
    /// type, VISPER-Redux's shape.
    ///
    /// Prefer `Store(initialState:features:)`: features placed in the root state need no app
    /// reducer, and registrations no part of the state can reach are reported.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces each sub-state through the provider.
    ///   - reducerContainer: Where reducers are registered; by default a new `ReducerRegistry`.
    ///   - middleware: Runs on every action before the reducers, in this order.
    ///   - issueReporter: Where misuse and diagnostics go.
    public convenience init(
        initialState: Root,
        appReducer: @escaping InPlaceAppReducer<Root>,
        reducerContainer: any ReducerContainer = ReducerRegistry(),
        middleware: [Middleware<Root>] = [],
        issueReporter: IssueReporter = .default
    ) {
        let checked = TypeOrderCheckedContainer(reducerContainer)
        self.init(
            initialState: initialState, appReducer: appReducer, container: reducerContainer,
            exposedContainer: checked, middleware: middleware, issueReporter: issueReporter)
        checked.owner = self
    }

    /// Replaces the app reducer; actions applied from now on use the new one.
    ///
    /// - Parameter appReducer: The new in-place app reducer.
    public func replaceReducer(_ appReducer: @escaping InPlaceAppReducer<Root>) {
        lock.withLock {
            self.appReducer = appReducer
            placedSubstates = nil
            reportsUnhandledActions = true
        }
    }

    /// Replaces the app reducer with a value-returning one; actions applied from now on use it.
    ///
    /// - Parameter appReducer: The new value-returning app reducer.
    public func replaceReducer(_ appReducer: @escaping AppReducer<Root>) {
        replaceReducer(inPlace(appReducer))
    }
}
