/// An ``ActionReducer`` made from a reduce function.
///
/// ```swift
/// let reducer = FunctionalReducer { (_, action: SetUsernameAction, state: inout UserState) in
///     state.userName = action.newUsername
/// }
/// container.addReducer(reducer: reducer)
/// ```
///
/// The generic parameters are the action type, then the state type.
public struct FunctionalReducer<ReducerActionType, ReducerStateType>: ActionReducer {
    /// The function that does the work.
    let reduceFunction: @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Void

    /// Wraps an in-place reduce function.
    ///
    /// - Parameter reduceFunction: Changes the state for an action.
    public init(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Void
    ) {
        self.reduceFunction = reduceFunction
    }

    /// Calls the reduce function.
    ///
    /// - Parameters:
    ///   - provider: Passed through to the function.
    ///   - action: The dispatched action.
    ///   - state: The state to change.
    public func reduce(provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType) {
        reduceFunction(provider, action, &state)
    }
}
