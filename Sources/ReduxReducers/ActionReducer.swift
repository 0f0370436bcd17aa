/// A reducer for one action type on one state type that returns the next state.
///
/// ```swift
/// struct SetUsernameReducer: ActionReducer {
///     func reduce(provider: any ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState {
///         var state = state
///         state.userName = action.newUsername
///         return state
///     }
/// }
/// container.addReducer(reducer: SetUsernameReducer())
/// ```
///
/// `ReducerActionType` may be a concrete action type, a class (subclasses match too) or a
/// protocol existential such as `any ResetAction` (every conforming action matches).
///
/// Returning a new value copies the state; when the reducer grows a large collection in it, the
/// collection is copied as well. Use ``InPlaceActionReducer`` when that matters.
public protocol ActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType
    /// The state this reducer owns.
    associatedtype ReducerStateType

    /// Returns the state after applying the action.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - state: The current state.
    /// - Returns: The next state.
    func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: ReducerStateType
    ) -> ReducerStateType
}

/// VISPER-Redux's name for ``ActionReducer``.
public typealias ActionReducerType = ActionReducer
