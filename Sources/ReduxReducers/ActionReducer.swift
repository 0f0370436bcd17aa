/// A reducer for one action type on one state type: it changes the state in place.
///
/// ```swift
/// struct SetUsernameReducer: ActionReducer {
///     func reduce(provider: any ReducerProvider, action: SetUsernameAction, state: inout UserState) {
///         state.userName = action.newUsername
///     }
/// }
/// ```
///
/// `ReducerActionType` may be a concrete action type, a class (subclasses match too) or a
/// protocol existential such as `any ResetAction` (every conforming action matches).
///
/// Implement one of the two `reduce` requirements; the other is provided. The in-place form is
/// the one the store runs: appending to a large array in the state costs O(1). The
/// value-returning form (VISPER-Redux's) copies the state, so growing a collection inside it
/// copies the collection too; it is there so that ported reducers compile unchanged.
public protocol ActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType
    /// The state this reducer owns.
    associatedtype ReducerStateType

    /// Applies the action to the state, in place.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - state: The state to change.
    func reduce(provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType)

    /// Returns the state after applying the action: VISPER-Redux's form, provided for reducers
    /// written in place.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - state: The current state.
    /// - Returns: The next state.
    func reduce(provider: any ReducerProvider, action: ReducerActionType, state: ReducerStateType) -> ReducerStateType
}
