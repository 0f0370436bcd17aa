import MultiRedux

/// Owns ``GameState``: registers the reducers that play a round, all on `GameState`, and the
/// computer's move (an effect).
///
/// ```swift
/// let store = Store(initialState: AppState(), features: [GameFeature().at(\.game)])
/// ```
public struct GameFeature: LogicFeature {
    /// Creates the feature.
    public init() {}

    /// Registers the game's reducers.
    public func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ChooseWeaponReducer())
        container.addReducer(reducer: ComputerMoveReducer())
        container.addReduceFunction(reduceFunction: { (_, _: NewRoundAction, state: inout GameState) in
            state.phase = .awaitingPlayer1
        })
        container.addReduceFunction(reduceFunction: { (_, action: SeatPlayersAction, state: inout GameState) in
            state = GameState(lineup: action.lineup)
        })
        container.addReduceFunction(reduceFunction: { (_, _: ResetAction, state: inout GameState) in
            state = GameState()
        })
    }
}
