import MultiRedux

/// Plays a ``ChooseWeaponAction`` on the ``GameState``: player 1 chooses, then player 2, then
/// the round is decided.
///
/// A choice that arrives after the round ended is not an error: it starts the next round, as
/// pressing a weapon button on a finished screen would, and counts as player 1's choice. So a
/// `ChooseWeaponAction` never leaves the game where it was, and after one of them the game is
/// finished exactly when that action finished the round. The score history's
/// ``RecordRoundReducer`` relies on this.
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
