public import ReduxReducers

/// A feature's contribution to the app's logic: the reducers it owns.
///
/// Each feature registers reducers for the sub-state it owns; the app adds every feature once.
///
/// ```swift
/// struct UserFeature: LogicFeature {
///     func injectReducers(container: any ReducerContainer) {
///         container.addReducer(reducer: SetUsernameReducer())
///     }
/// }
/// app.add(feature: UserFeature())
/// ```
public protocol LogicFeature {
    /// Registers the feature's reducers.
    ///
    /// - Parameter container: The app's reducer container.
    func injectReducers(container: any ReducerContainer)
}
