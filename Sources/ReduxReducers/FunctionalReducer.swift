/// An ``ActionReducer`` made from a reduce function.
///
/// ```swift
/// let reducer = FunctionalReducer { (provider, action: SetUsernameAction, state: UserState) in
///     UserState(userName: action.newUsername, isAuthenticated: state.isAuthenticated)
/// }
/// container.addReducer(reducer: reducer)
/// ```
public struct FunctionalReducer<ReducerActionType, ReducerStateType>: ActionReducer {
    /// The function that does the work.
    public let reduceFunction: @Sendable (any ReducerProvider, ReducerActionType, ReducerStateType) -> ReducerStateType

    /// Wraps a reduce function.
    ///
    /// - Parameter reduceFunction: Returns the next state for an action and the current state.
    public init(
        reduceFunction:
            @escaping @Sendable (any ReducerProvider, ReducerActionType, ReducerStateType) ->
            ReducerStateType
    ) {
        self.reduceFunction = reduceFunction
    }

    /// Calls the reduce function.
    ///
    /// - Parameters:
    ///   - provider: Passed through to the function.
    ///   - action: The dispatched action.
    ///   - state: The current state.
    /// - Returns: What the function returns.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: ReducerStateType
    ) -> ReducerStateType {
        reduceFunction(provider, action, state)
    }
}

/// An ``InPlaceActionReducer`` made from an in-place reduce function.
///
/// ```swift
/// let reducer = InPlaceFunctionalReducer { (_, action: RecordRound, state: inout ScoreHistory) in
///     state.rounds.append(action.round)
/// }
/// ```
public struct InPlaceFunctionalReducer<ReducerActionType, ReducerStateType>: InPlaceActionReducer {
    /// The function that does the work.
    public let reduceFunction: @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Void

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
