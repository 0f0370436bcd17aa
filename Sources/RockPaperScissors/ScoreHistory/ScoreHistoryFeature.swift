import MultiRedux

/// Owns ``ScoreHistory``: records finished rounds and clears the history on reset.
///
/// ``RecordRoundReducer`` is registered on the root ``AppState``, so it runs after every
/// sub-state (it needs the game's weapons and the settings' match length), and so is the
/// ``UndoRoundAction`` beside it, whose work it undoes.
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
