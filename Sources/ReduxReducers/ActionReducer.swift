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
/// The store runs it where the state lives: appending to a large array in the state costs O(1).
/// (VISPER-Redux's value-returning form is ``ActionReducerType``, a compatibility spelling.)
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
}
