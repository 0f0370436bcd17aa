public import ReduxCore

/// The store's entry point, in the value-returning form of VISPER-Redux: given the provider, the
/// action and the current state, return the next state.
///
/// ```swift
/// let appReducer: AppReducer<AppState> = { provider, action, state in
///     let next = AppState(
///         user: provider.reduce(action, state.user),
///         todos: provider.reduce(action, state.todos))
///     return provider.reduce(action, next)
/// }
/// ```
///
/// Building a new root value copies every sub-state; growing a large collection afterwards then
/// copies it too. ``InPlaceAppReducer`` avoids both.
public typealias AppReducer<Root> =
    @Sendable (
        _ provider: any ReducerProvider, _ action: any Action, _ state: Root
    ) -> Root

/// The store's entry point in in-place form: reduce each sub-state where it lives.
///
/// ```swift
/// let appReducer: InPlaceAppReducer<AppState> = { provider, action, state in
///     provider.reduce(action, &state.user)
///     provider.reduce(action, &state.todos)
///     provider.reduce(action, &state)
/// }
/// ```
///
/// The store applies it to its state without copying, so a reducer that appends to an array
/// inside a sub-state costs O(1) however long the array is.
public typealias InPlaceAppReducer<Root> =
    @Sendable (
        _ provider: any ReducerProvider, _ action: any Action, _ state: inout Root
    ) -> Void

/// An in-place app reducer that only reduces the root state.
///
/// The default for a store whose reducers are all registered on the root state type.
///
/// - Returns: A reducer that calls `provider.reduce(action, &state)`.
public func rootAppReducer<Root>() -> InPlaceAppReducer<Root> {
    { provider, action, state in provider.reduce(action, &state) }
}

/// Turns a value-returning app reducer into the in-place form the store applies.
///
/// - Parameter reducer: The value-returning app reducer.
/// - Returns: An in-place reducer that assigns the result back.
package func inPlace<Root>(_ reducer: @escaping AppReducer<Root>) -> InPlaceAppReducer<Root> {
    { provider, action, state in state = reducer(provider, action, state) }
}
