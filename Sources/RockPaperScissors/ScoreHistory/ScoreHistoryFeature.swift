import MultiRedux

/// Owns ``ScoreHistory``: records finished rounds and clears the history on reset.
///
/// Placed at ``AppState/scoreHistory`` (see ``RockPaperScissorsApp/features``), it registers:
/// - ``RecordRoundReducer`` for ``ChooseWeaponAction`` on the root ``AppState``, so it runs at the
///   root after every sub-state (it needs the game's weapons and the settings' match length, see
///   there);
/// - a reduce function for ``ResetAction`` on `ScoreHistory` that empties it;
/// - a reduce function for ``UndoRoundAction`` on the root ``AppState``, beside the recorder whose
///   work it undoes, that takes back the last round of the open match.
public struct ScoreHistoryFeature: LogicFeature {
    /// Creates the feature.
    public init() {}

    /// Registers the score history's reducers.
    public func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: RecordRoundReducer())
        container.addReduceFunction(reduceFunction: { (_, _: ResetAction, state: inout ScoreHistory) in
            state = ScoreHistory()
        })
        container.addReduceFunction(reduceFunction: { (_, _: UndoRoundAction, state: inout AppState) in
            state.scoreHistory.takeBackLastRound()
        })
    }
}
