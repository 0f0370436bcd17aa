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

    @Test func eachChoiceReachesTheGameThenTheScore() {
        let routes = ReducerRoutes(initialState: AppState(), features: GameApp.features)
        routes.assertReducers(handling: ChooseWeapon.self, on: GameState.self, are: [ChooseWeaponReducer.self])
        routes.assertReducers(handling: ChooseWeapon.self, on: AppState.self, are: [CountRoundReducer.self])
    }
}
