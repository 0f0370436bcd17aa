import MultiRedux
import ReduxTesting
import RockPaperScissors
import TestHelpers
import Testing

/// The game feature's reducers on `GameState`: alone, in a store of the feature alone and inside
/// the app's store. The feature's registrations are checked with the other features' in
/// `TestingGuideGameTests`.
@Suite struct GameFeatureTests {
    @Test("a fresh round waits for player 1 with nothing chosen")
    func freshRound() {
        let game = GameState()
        #expect(game.turn == .one)
        #expect(game.message == .player1Choose)
        #expect(game.player1Play == .none && game.player2Play == .none)
        #expect(game.result == nil)
    }

    @Test("a round can be built at any point from outside the module, and what is derived follows the phase")
    func roundAtAnyPoint() {
        var game = GameState(phase: .awaitingPlayer2(player1: .rock))
        #expect(game.turn == .two && game.message == .player2Choose)
        #expect(game.player1Play == Play(chosen: true, weapon: .rock) && game.player2Play == .none)

        game.phase = .finished(player1: .rock, player2: .paper)
        #expect(game.turn == nil && game.result == .player2Wins && game.message == .player2Wins)
        #expect(game.player2Play == Play(chosen: true, weapon: .paper))
        #expect(GameState(phase: .awaitingPlayer1) == GameState())
    }

    @Test("player 1's choice passes the turn to player 2 and shows player 2's message")
    func player1Chooses() {
        let game = assertReduce(ChooseWeaponReducer(), action: ChooseWeaponAction(weapon: .paper), on: GameState()) {
            $0.phase = .awaitingPlayer2(player1: .paper)
        }

        #expect(game.turn == .two)
        #expect(game.message == .player2Choose)
        #expect(game.player1Play == Play(chosen: true, weapon: .paper))
        #expect(game.player2Play == .none)
        #expect(game.result == nil)
    }

    @Test("player 2's choice ends the round with both plays and the result")
    func player2Chooses() {
        let store = Store(initialState: GameState(), features: [GameFeature().at(\.self)])

        store.dispatch(ChooseWeaponAction(weapon: .paper))
        store.dispatch(ChooseWeaponAction(weapon: .scissors))

        let game = store.state
        #expect(game.turn == nil)
        #expect(game.phase == .finished(player1: .paper, player2: .scissors))
        #expect(game.player2Play == Play(chosen: true, weapon: .scissors))
        #expect(game.result == .player2Wins)
        #expect(game.message == .player2Wins)
    }

    @Test("a choice after the round ended starts the next round as player 1's choice")
    func choiceAfterTheEnd() {
        assertReduce(
            ChooseWeaponReducer(), action: ChooseWeaponAction(weapon: .paper),
            on: GameState(phase: .finished(player1: .rock, player2: .scissors))
        ) {
            $0.phase = .awaitingPlayer2(player1: .paper)
        }
    }

    @Test("a new round abandons a half-played round", arguments: [NewRoundAction() as any Action, ResetAction()])
    func newRound(action: any Action) {
        assertReduce(
            features: [GameFeature().at(\.self)], action: action,
            on: GameState(phase: .awaitingPlayer2(player1: .rock)),
            expected: GameState())
    }

    @Test("seating players starts a fresh round with them; a new round keeps them, a reset unseats them")
    func seating() throws {
        let friends = try Lineup(player1Name: "Ann", player2: .person(name: "Bob"))
        let halfPlayed = GameState(phase: .awaitingPlayer2(player1: .rock))

        let seated = assertReduce(
            features: [GameFeature().at(\.self)], action: SeatPlayersAction(lineup: friends), on: halfPlayed,
            expected: GameState(lineup: friends))
        assertReduce(
            features: [GameFeature().at(\.self)], action: NewRoundAction(),
            on: GameState(phase: .awaitingPlayer2(player1: .rock), lineup: friends), expected: seated)
        assertReduce(features: [GameFeature().at(\.self)], action: ResetAction(), on: seated, expected: GameState())
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

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a move sent while the computer thinks is dropped, and the round ends with the computer's choice")
    func computerTurnIsTheComputers() async throws {
        let clock = TestClock()
        let store = RockPaperScissorsApp.makeStore(
            dependencies: Dependencies {
                $0.computer = ComputerOpponent(seed: 1)
                $0.computerThinkingTime = 0.3
                $0.clock = clock
            })
        let computers = ComputerOpponent(seed: 1).chooseWeapon(.random, history: ScoreHistory(), against: "Player 1")
        let intruder = try #require(Weapon.allCases.first { $0 != computers })
        store.dispatch(SeatPlayersAction(lineup: Lineup(settings: Settings(), opponent: .computer, strategy: .random)))

        let round = Task { await store.dispatchAndWait(ChooseWeaponAction(weapon: .rock)) }
        await clock.waitForSleepers(1)
        await store.dispatchAndWait(ChooseWeaponAction(weapon: intruder))
        #expect(store.state.game.phase == .awaitingPlayer2(player1: .rock))
        await clock.advance(by: .seconds(1))
        await round.value

        #expect(store.state.game.phase == .finished(player1: .rock, player2: computers))
        #expect(store.state.scoreHistory.rounds.count == 1)
    }
}
