public import ReduxCore
public import ReduxReducers

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
        ReduxApp(redux: Redux(appReducer: appReducer, initialState: initialState))
    }
}
