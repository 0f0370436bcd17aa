import MultiRedux
import ReduxTesting
import Testing

@Suite struct GameStoreTests {
    @Test func aRoundIsPlayedAndCounted() {
        let store = Store(initialState: AppState(), features: GameApp.features)
        store.dispatch(ChooseWeapon(weapon: .rock))
        store.dispatch(ChooseWeapon(weapon: .scissors))
        #expect(store.state.game.outcome == .player1Wins)
        #expect(store.state.score == Score(player1Wins: 1))
    }
}
