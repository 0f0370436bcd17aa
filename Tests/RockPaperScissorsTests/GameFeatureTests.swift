import MultiRedux
import RockPaperScissors
import TestHelpers
import Testing

/// The game feature's reducers on `GameState`, alone in a registry and inside the app's store.
@Suite struct GameFeatureTests {
    private func gameRegistry() -> ReducerRegistry {
        let registry = ReducerRegistry()
        GameFeature().injectReducers(container: registry)
        return registry
    }

    @Test("a fresh round waits for player 1 with nothing chosen")
    func freshRound() {
        let game = GameState()
        #expect(game.turn == .one)
        #expect(game.message == .player1Choose)
        #expect(game.player1Play == .none && game.player2Play == .none)
        #expect(game.result == nil)
    }

    @Test("player 1's choice passes the turn to player 2 and shows player 2's message")
    func player1Chooses() {
        let registry = gameRegistry()
        var game = GameState()

        registry.reduce(ChooseWeaponAction(weapon: .paper), &game)

        #expect(game.turn == .two)
        #expect(game.message == .player2Choose)
        #expect(game.player1Play == Play(chosen: true, weapon: .paper))
        #expect(game.player2Play == .none)
        #expect(game.result == nil)
    }

    @Test("player 2's choice ends the round with both plays and the result")
    func player2Chooses() {
        let registry = gameRegistry()
        var game = GameState()

        registry.reduce(ChooseWeaponAction(weapon: .paper), &game)
        registry.reduce(ChooseWeaponAction(weapon: .scissors), &game)

        #expect(game.turn == nil)
        #expect(game.phase == .finished(player1: .paper, player2: .scissors))
        #expect(game.player2Play == Play(chosen: true, weapon: .scissors))
        #expect(game.result == .player2Wins)
        #expect(game.message == .player2Wins)
    }

    @Test("a choice after the round ended starts the next round as player 1's choice")
    func choiceAfterTheEnd() {
        let registry = gameRegistry()
        var game = GameState()
        for weapon in [Weapon.rock, .scissors, .paper] {
            registry.reduce(ChooseWeaponAction(weapon: weapon), &game)
        }

        #expect(game.phase == .awaitingPlayer2(player1: .paper))
        #expect(game.message == .player2Choose)
        #expect(game.result == nil)
    }

    @Test("a new round abandons a half-played round", arguments: [NewRoundAction() as any Action, ResetAction()])
    func newRound(action: any Action) {
        let registry = gameRegistry()
        var game = GameState()
        registry.reduce(ChooseWeaponAction(weapon: .rock), &game)

        registry.reduce(action, &game)

        #expect(game == GameState())
    }

    @Test("the game feature registers exactly one reducer for each of its actions on GameState")
    func registrations() {
        let registry = gameRegistry()
        #expect(registry.reducers(handling: ChooseWeaponAction(weapon: .rock), on: GameState.self).count == 1)
        #expect(registry.reducers(handling: NewRoundAction(), on: GameState.self).count == 1)
        #expect(registry.reducers(handling: ResetAction(), on: GameState.self).count == 1)
        #expect(registry.reducers(handling: UpdateSettingsAction(change: .bestOf(5)), on: GameState.self).isEmpty)
    }

    @Test("through the store, a subscriber sees every message of a round in order")
    func messagesThroughTheStore() {
        let store = RockPaperScissorsApp.makeStore()
        let seen = Recorder<GameMessage>()
        let token = store.observe(select: \.game.message) { seen.append($0) }

        store.dispatch(ChooseWeaponAction(weapon: .scissors))
        store.dispatch(ChooseWeaponAction(weapon: .scissors))
        store.dispatch(NewRoundAction())
        token.cancel()

        #expect(seen.all == [.player1Choose, .player2Choose, .draw, .player1Choose])
    }
}
