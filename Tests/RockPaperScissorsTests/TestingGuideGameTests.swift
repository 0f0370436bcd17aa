import MultiRedux
import ReduxTesting
import RockPaperScissors
import Testing

// The examples of the rock-paper-scissors section of Docs/Testing.md, compiled and run. Keep the
// two in sync: when an example or a failure message in the guide changes, change it here too.

@Suite struct TestingGuideGameTests {
    @Test("each action reaches exactly the reducers of the parts of the state that own it, and no others")
    func routing() {
        let routes = ReducerRoutes(initialState: AppState(), features: RockPaperScissorsApp.features)

        routes.assertReducers(
            handling: ChooseWeaponAction.self, on: GameState.self,
            are: [ChooseWeaponReducer.self, ComputerMoveReducer.self])
        routes.assertReducers(handling: ChooseWeaponAction.self, on: ScoreHistory.self, are: [])
        routes.assertReducers(handling: ChooseWeaponAction.self, on: Settings.self, are: [])
        routes.assertReducers(handling: ChooseWeaponAction.self, on: AppState.self, are: [RecordRoundReducer.self])

        routes.assertReducers(
            handling: NewRoundAction.self, on: GameState.self, are: [FunctionalReducer<NewRoundAction, GameState>.self])
        routes.assertReducers(
            handling: SeatPlayersAction.self, on: GameState.self,
            are: [FunctionalReducer<SeatPlayersAction, GameState>.self])
        routes.assertReducers(
            handling: UpdateSettingsAction.self, on: Settings.self,
            are: [FunctionalReducer<UpdateSettingsAction, Settings>.self])
        for elsewhere in [ScoreHistory.self, Settings.self, AppState.self] as [any State.Type] {
            routes.assertReducers(handling: NewRoundAction.self, on: elsewhere, are: [])
            routes.assertReducers(handling: SeatPlayersAction.self, on: elsewhere, are: [])
        }
        for elsewhere in [GameState.self, ScoreHistory.self, AppState.self] as [any State.Type] {
            routes.assertReducers(handling: UpdateSettingsAction.self, on: elsewhere, are: [])
        }

        routes.assertReducers(
            handling: ResetAction.self, on: GameState.self, are: [FunctionalReducer<ResetAction, GameState>.self])
        routes.assertReducers(
            handling: ResetAction.self, on: ScoreHistory.self, are: [FunctionalReducer<ResetAction, ScoreHistory>.self])
        routes.assertReducers(
            handling: ResetAction.self, on: Settings.self, are: [FunctionalReducer<ResetAction, Settings>.self])
        routes.assertReducers(handling: ResetAction.self, on: AppState.self, are: [])
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
        let store = TestStore(initialState: AppState(), features: RockPaperScissorsApp.features)

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
            _ = ReducerRoutes(
                initialState: AppState(),
                features: [
                    GameFeature().at(\.game), ScoreHistoryFeature().at(\.game), SettingsFeature().at(\.settings),
                ])
        }
        #expect(
            routing.map(\.message) == [
                """
                Building the store reported an issue. MultiRedux [unreachableReducer]: FunctionalReducer<ResetAction, ScoreHistory> reduces ScoreHistory, but it was registered by ScoreHistoryFeature at \\AppState.game, a GameState, so no part of AppState can reach it and it was not registered. Register reducers of GameState (or of AppState, which run after every sub-state) in this feature, and place a feature that registers reducers of ScoreHistory at its key path: Store(initialState:features:) or store.add(feature.at(\\.path)).
                """
            ])

        let flow = await collectFailures {
            let store = TestStore(
                initialState: AppState(game: GameState(phase: .awaitingPlayer2(player1: .rock))),
                features: RockPaperScissorsApp.features)
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
