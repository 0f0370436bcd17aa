public import ReduxCore

/// Reduces any state with whatever reducers were registered for it.
///
/// An app reducer takes a provider and asks it to reduce each sub-state in turn. The provider
/// looks up the reducers registered for the action's type on that sub-state's type and runs them
/// in registration order, each on the result of the previous one.
///
/// ```swift
/// let appReducer: InPlaceAppReducer<AppState> = { provider, action, state in
///     provider.reduce(action, &state.user)
///     provider.reduce(action, &state.todos)
/// }
/// ```
public protocol ReducerProvider: Sendable {
    /// Returns the state after the reducers registered for the action on `State` have run.
    ///
    /// This is the value-returning form VISPER-Redux uses. It copies the state: when a
    /// reducer then grows a large collection inside it, the collection is copied too (copy on
    /// write sees two owners). Prefer ``reduce(_:_:)->()`` in hot paths.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The current value.
    /// - Returns: The reduced value; the same value when no reducer handles the action.
    /// - Complexity: O(*r*) for *r* matching reducers, plus a copy of `state`.
    func reduce<Substate>(_ action: any Action, _ state: Substate) -> Substate

    /// Runs the reducers registered for the action on `State`, changing the state in place.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce; unchanged when no reducer handles the action.
    /// - Complexity: Amortised O(1) look-up plus the work of the *r* matching reducers.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate)
}

extension ReducerProvider {
    /// Reduces a copy of the state in place and returns it.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The current value.
    /// - Returns: The reduced copy.
    /// - Complexity: O(*r*) for *r* matching reducers, plus a copy of `state`.
    public func reduce<Substate>(_ action: any Action, _ state: Substate) -> Substate {
        var copy = state
        reduce(action, &copy)
        return copy
    }
}
