import MultiRedux
import ReduxTesting
import Testing

@Suite struct ChooseWeaponReducerTests {
    @Test func player1ChoosesFirst() {
        assertReduce(ChooseWeaponReducer(), action: ChooseWeapon(weapon: .rock), on: GameState()) {
            $0.player1 = .rock
        }
    }
}
