import MultiRedux

/// Plays a choice: player 1's if the round is new or over, otherwise player 2's.
struct ChooseWeaponReducer: ActionReducer {
    func reduce(provider: any ReducerProvider, action: ChooseWeapon, state: inout GameState) {
        if state.player1 == nil || state.outcome != nil {
            state = GameState(player1: action.weapon)
        } else {
            state.player2 = action.weapon
        }
    }
}
