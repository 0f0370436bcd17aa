import MultiRedux
import RockPaperScissors
import Testing

/// The two rules the original ReSwift article tests, played through a real multi-reducer store.
@Suite struct SeedExampleTests {
    @Test("rock against scissors gives player 1 the win")
    func rockBeatsScissors() {
        let store = RockPaperScissorsApp.makeStore()

        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .scissors))

        #expect(store.state.game.result == .player1Wins)
        #expect(store.state.game.message == .player1Wins)
    }

    @Test("rock against paper gives player 2 the win")
    func paperBeatsRock() {
        let store = RockPaperScissorsApp.makeStore()

        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .paper))

        #expect(store.state.game.result == .player2Wins)
        #expect(store.state.game.message == .player2Wins)
    }

}
