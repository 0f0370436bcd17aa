import MultiRedux
import ReduxTesting
import RockPaperScissors
import Testing

// The examples of the rock-paper-scissors section of Docs/Testing.md, compiled and run. Keep the
// two in sync: when an example or a failure message in the guide changes, change it here too.

/// The game's three features, in the order `RockPaperScissorsApp` adds them.
var gameFeatures: [any LogicFeature] { [GameFeature(), ScoreHistoryFeature(), SettingsFeature()] }

@Suite struct TestingGuideGameTests {
    @Test("each action reaches exactly the reducers of the state that owns it, and every registration runs")
    func routing() {
        let routes = ReducerRoutes(features: gameFeatures)

        routes.assertReducers(handling: ChooseWeaponAction.self, on: GameState.self, are: [ChooseWeaponReducer.self])
        routes.assertReducers(handling: ChooseWeaponAction.self, on: AppState.self, are: [RecordRoundReducer.self])
        routes.assertReducers(handling: ChooseWeaponAction.self, on: ScoreHistory.self, are: [])
        routes.assertReducers(
            handling: NewRoundAction.self, on: GameState.self,
            are: [InPlaceFunctionalReducer<NewRoundAction, GameState>.self])
        routes.assertReducers(
            handling: SeatPlayersAction.self, on: GameState.self,
            are: [InPlaceFunctionalReducer<SeatPlayersAction, GameState>.self])
        routes.assertReducers(
            handling: UpdateSettingsAction.self, on: Settings.self,
            are: [FunctionalReducer<UpdateSettingsAction, Settings>.self])
        routes.assertReducers(
            handling: ResetAction.self, on: GameState.self,
            are: [InPlaceFunctionalReducer<ResetAction, GameState>.self])
        routes.assertReducers(
            handling: ResetAction.self, on: ScoreHistory.self,
            are: [InPlaceFunctionalReducer<ResetAction, ScoreHistory>.self])
        routes.assertReducers(
            handling: ResetAction.self, on: Settings.self,
            are: [InPlaceFunctionalReducer<ResetAction, Settings>.self])
        #expect(routes.container.registeredReducers.count == 8)  // and nothing else

        routes.assertEveryRegistrationReached(from: AppState(), appReducer: RockPaperScissorsApp.appReducer)
        let app = RockPaperScissorsApp.makeStore().reducerContainer
        #expect(app.registeredReducers == routes.container.registeredReducers)  // the app registers the same
    }

    @Test("player 2's choice finishes the round with the result of the 3x3 table", arguments: OutcomeTableTests.table)
    func outcome(player1: Weapon, player2: Weapon, expected: RoundResult) {
        let game = assertReduce(
            ChooseWeaponReducer(), action: ChooseWeaponAction(weapon: player2),
            on: GameState(phase: .awaitingPlayer2(player1: player1))
        ) {
            $0.phase = .finished(player1: player1, player2: player2)
        }
        #expect(game.result == expected)
        #expect(game.message == expected.message)
    }

    @Test("a whole round through the store: turn order, result, and the round recorded in the history")
    func wholeRound() async {
        let store = TestStore(
            initialState: AppState(), appReducer: RockPaperScissorsApp.appReducer, features: gameFeatures)

        await store.send(ChooseWeaponAction(weapon: .rock)) {
            $0.game.phase = .awaitingPlayer2(player1: .rock)
        }
        await store.send(ChooseWeaponAction(weapon: .scissors)) {
            $0.game.phase = .finished(player1: .rock, player2: .scissors)
            $0.scoreHistory.record(player1: .rock, player2: .scissors, bestOf: 3)
        }
        #expect(store.state.game.message == .player1Wins)
        #expect(
            store.state.scoreHistory.rounds == [
                RecordedRound(number: 1, match: 1, bestOf: 3, player1: .rock, player2: .scissors)
            ])
        await store.send(NewRoundAction()) { $0.game = GameState() }
        await store.finish()
    }

    @Test("the failure messages the guide shows")
    func guideFailureMessages() async {
        let routing = collectFailures {
            ReducerRoutes(features: gameFeatures).assertEveryRegistrationReached(
                from: AppState(), appReducer: reduceSubstates(Substate(\AppState.game), Substate(\.settings)))
        }
        #expect(
            routing.map(\.message) == [
                """
                1 registration(s) can never run: the app reducer of AppState does not reduce their state types.
                  #5 InPlaceFunctionalReducer<ResetAction, ScoreHistory>: ResetAction on ScoreHistory (inPlace)
                The app reducer reduces [GameState, Settings, AppState].
                """
            ])

        let flow = await collectFailures {
            let store = TestStore(
                initialState: AppState(game: GameState(phase: .awaitingPlayer2(player1: .rock))),
                appReducer: RockPaperScissorsApp.appReducer, features: gameFeatures)
            await store.send(ChooseWeaponAction(weapon: .scissors)) {
                $0.game.phase = .finished(player1: .rock, player2: .scissors)
            }
        }
        #expect(
            flow.map(\.message) == [
                """
                send(ChooseWeaponAction) changed the state differently than the test describes (expected → actual):
                  scoreHistory.rounds.count: 0 → 1
                  scoreHistory.rounds[0]: (absent) → RecordedRound(number: 1, match: 1, bestOf: 3, player1: .rock, player2: .scissors, result: .player1Wins, lineup: Player 1 vs Computer (random strategy))
                  scoreHistory.matches.count: 0 → 1
                  scoreHistory.matches[0]: (absent) → MatchRecord(number: 1, bestOf: 3, lineup: Player 1 vs Computer (random strategy), player1Wins: 1, player2Wins: 0, draws: 0, isAbandoned: false)
                  scoreHistory.totals.player1Wins: 0 → 1
                  scoreHistory.totals.player1Weapons.rock: 0 → 1
                  scoreHistory.totals.player2Weapons.scissors: 0 → 1
                  scoreHistory.totals.currentStreak: nil → Streak(player: .one, length: 1)
                  scoreHistory.totals.longestStreak: nil → Streak(player: .one, length: 1)
                  scoreHistory.totals.player1Names: .unused → .one("Player 1")
                  scoreHistory.totals.player2Names: .unused → .one("Computer")
                  scoreHistory.player1Habits.count: 0 → 1
                  scoreHistory.player1Habits["Player 1"]: (absent) → PlayerHabits(weapons: WeaponCounts(rock: 1, paper: 0, scissors: 0), lastWeapon: .rock)
                Describe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets.
                """
            ])
    }
}
