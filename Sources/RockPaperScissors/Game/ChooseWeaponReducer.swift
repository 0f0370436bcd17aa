import MultiRedux

/// Plays a ``ChooseWeaponAction`` on the ``GameState``: player 1 chooses, then player 2, then
/// the round is decided.
///
/// A choice after the round ended starts the next round as player 1's, as pressing a weapon on a
/// finished screen would. So after a `ChooseWeaponAction` the game is finished exactly when that
/// action finished the round, which ``RecordRoundReducer`` relies on.
package struct ChooseWeaponReducer: ActionReducer {
    package init() {}

    package func reduce(provider: any ReducerProvider, action: ChooseWeaponAction, state: inout GameState) {
        switch state.phase {
        case .awaitingPlayer1, .finished:
            state.phase = .awaitingPlayer2(player1: action.weapon)
        case .awaitingPlayer2(let player1):
            state.phase = .finished(player1: player1, player2: action.weapon)
        }
    }
}
