import MultiRedux
import ReduxTesting
import Testing

@Suite struct ChooseWeaponReducerTests {
    @Test func player1ChoosesFirst() {
        assertReduce(ChooseWeaponReducer(), action: ChooseWeapon(weapon: .rock), on: GameState()) {
            $0.player1 = .rock
        }
    }

    @Test func player2EndsTheRound() {
        let state = assertReduce(
            ChooseWeaponReducer(), action: ChooseWeapon(weapon: .paper), on: GameState(player1: .rock)
        ) {
            $0.player2 = .paper
        }
        #expect(state.outcome == .player2Wins)
    }

    @Test func aChoiceAfterARoundStartsTheNext() {
        assertReduce(
            ChooseWeaponReducer(), action: ChooseWeapon(weapon: .scissors),
            on: GameState(player1: .rock, player2: .paper), expected: GameState(player1: .scissors))
    }
}
