import MultiRedux

extension TestStore where Root: Equatable {
    /// Creates a test store around a new store that routes actions through an app reducer, as
    /// `Store(initialState:appReducer:reducerContainer:middleware:)` does: for code ported from
    /// VISPER-Redux or ReduxSample that has not placed its features yet.
    ///
    /// ```swift
    /// let container = ReducerRegistry()
    /// UserFeature().injectReducers(container: container)
    /// let store = TestStore(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
    /// ```
    ///
    /// A value-returning app reducer `reducer` fits as `{ provider, action, state in state =
    /// reducer(provider, action, state) }`.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces the state through the container, in place.
    ///   - reducerContainer: Where the reducers under test are registered.
    ///   - middleware: The app's middleware, run after the test store's own.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at deallocation point; leave the default.
    ///   - filePath: Where failures noticed at deallocation point; leave the default.
    ///   - line: Where failures noticed at deallocation point; leave the default.
    ///   - column: Where failures noticed at deallocation point; leave the default.
    public convenience init(
        initialState: Root, appReducer: @escaping InPlaceAppReducer<Root>,
        reducerContainer: any ReducerContainer = ReducerRegistry(), middleware: [Middleware<Root>] = [],
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, comparison: StateComparison(), exhaustivity: exhaustivity,
            failureReporter: failureReporter, at: .init(fileID, filePath, line, column)
        ) { held in
            Store(
                initialState: initialState, appReducer: appReducer, reducerContainer: reducerContainer,
                middleware: middleware, issueReporter: held.issueReporter)
        }
    }
}
