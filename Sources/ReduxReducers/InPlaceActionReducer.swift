/// A reducer for one action type on one state type that changes the state in place.
///
/// ```swift
/// struct RecordRoundReducer: InPlaceActionReducer {
///     func reduce(provider: any ReducerProvider, action: RecordRound, state: inout ScoreHistory) {
///         state.rounds.append(action.round)   // O(1): no copy of the history
///     }
/// }
/// ```
///
/// Matching follows the same rules as ``ActionReducer``.
public protocol InPlaceActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType
    /// The state this reducer owns.
    associatedtype ReducerStateType

    /// Applies the action to the state.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - state: The state to change.
    func reduce(provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType)
}
