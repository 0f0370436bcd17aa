import MultiRedux

/// Owns ``GameState``: registers the reducers that play a round.
///
/// ```swift
/// let store = Store(initialState: AppState(), features: [GameFeature().at(\.game)])
/// ```
///
/// Registers, all on `GameState`:
/// - ``ChooseWeaponReducer`` for ``ChooseWeaponAction``;
/// - a reduce function for ``NewRoundAction`` that starts a fresh round with the same players;
/// - a reduce function for ``SeatPlayersAction`` that seats the players for a fresh round;
/// - a reduce function for ``ResetAction`` that starts afresh, with the players the settings name.
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
