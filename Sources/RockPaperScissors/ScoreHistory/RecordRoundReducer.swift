import MultiRedux

/// Records a round in the score history when a ``ChooseWeaponAction`` has just finished it.
///
/// Registered on the root ``AppState``, not on ``ScoreHistory``: recording needs both weapons,
/// which only the game knows once player 2 has chosen, who played (the game's
/// ``GameState/lineup``, else the players the settings name) and the match length from the
/// settings. The store reduces the root after every sub-state, so when this reducer
/// runs the ``ChooseWeaponReducer`` has already moved the game on. Because a choice never leaves
/// the game finished unless that very choice finished it (a choice after the end starts a new
/// round), "the game is finished" here means "this action finished the round", and each round
/// is recorded exactly once, in the same store update that finished it.
///
/// The reducer changes `state.scoreHistory` in place, so recording is O(1) amortised.
package struct RecordRoundReducer: ActionReducer {
    package init() {}

    package func reduce(provider: any ReducerProvider, action: ChooseWeaponAction, state: inout AppState) {
        guard case .finished(let player1, let player2) = state.game.phase else { return }
        let lineup = state.game.lineup ?? Lineup(settings: state.settings)
        state.scoreHistory.record(player1: player1, player2: player2, bestOf: state.settings.bestOf, lineup: lineup)
    }
}
