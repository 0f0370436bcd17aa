import MultiRedux
import RockPaperScissors
import Testing

/// Recording rounds the multi-reducer way: the root-level `RecordRoundReducer` after the game's
/// reducer, and the reset on `ScoreHistory`.
@Suite struct ScoreHistoryFeatureTests {
    @Test("alone in a registry, the recorder records a finished game and ignores an unfinished one")
    func recorderInIsolation() {
        let registry = ReducerRegistry()
        ScoreHistoryFeature().injectReducers(container: registry)
        let game = ChooseWeaponReducer()
        var state = AppState()

        game.reduce(provider: registry, action: ChooseWeaponAction(weapon: .rock), state: &state.game)
        registry.reduce(ChooseWeaponAction(weapon: .rock), &state)
        #expect(state.scoreHistory.rounds.isEmpty)

        game.reduce(provider: registry, action: ChooseWeaponAction(weapon: .scissors), state: &state.game)
        registry.reduce(ChooseWeaponAction(weapon: .scissors), &state)
        #expect(
            state.scoreHistory.rounds == [
                RecordedRound(number: 1, match: 1, bestOf: 3, player1: .rock, player2: .scissors)
            ])
    }

    @Test("the recorder is registered on the root state, the reset on the score history")
    func registrations() {
        let registry = ReducerRegistry()
        ScoreHistoryFeature().injectReducers(container: registry)

        let recorders = registry.reducers(handling: ChooseWeaponAction(weapon: .rock), on: AppState.self)
        #expect(recorders.count == 1)
        #expect(recorders.first?.reducerType == RecordRoundReducer.self)
        #expect(registry.reducers(handling: ResetAction(), on: ScoreHistory.self).count == 1)
        #expect(registry.reducers(handling: ChooseWeaponAction(weapon: .rock), on: ScoreHistory.self).isEmpty)
    }

    @Test("through the store, each finished round is recorded exactly once, with the match length in force")
    func recordsEachRoundOnce() throws {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(UpdateSettingsAction(change: .bestOf(5)))

        for weapon in [Weapon.rock, .scissors, .paper] {
            store.dispatch(ChooseWeaponAction(weapon: weapon))
        }
        #expect(store.state.scoreHistory.rounds.count == 1)

        store.dispatch(ChooseWeaponAction(weapon: .paper))
        let history = store.state.scoreHistory
        #expect(history.rounds.map(\.result) == [.player1Wins, .draw])
        #expect(history.rounds.map(\.bestOf) == [5, 5])
    }

    @Test("abandoning a round with NewRoundAction records nothing")
    func abandonedRoundIsNotRecorded() {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(NewRoundAction())
        store.dispatch(ChooseWeaponAction(weapon: .rock))

        #expect(store.state.scoreHistory.rounds.isEmpty)
        #expect(store.state.game.turn == .two)
    }

    @Test("a reset clears the history and the round but keeps the settings unless asked")
    func reset() {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(UpdateSettingsAction(change: .player1Name("Ann")))
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .paper))
        store.dispatch(ChooseWeaponAction(weapon: .rock))

        store.dispatch(ResetAction())
        #expect(store.state.scoreHistory == ScoreHistory())
        #expect(store.state.game == GameState())
        #expect(store.state.settings.player1Name == "Ann")

        store.dispatch(ResetAction(includesSettings: true))
        #expect(store.state.settings == Settings())
    }

    @Test("a long history keeps growing in place and its figures stay consistent")
    func longHistory() {
        let store = RockPaperScissorsApp.makeStore()
        let weapons = Weapon.allCases
        for index in 0..<3_000 {
            store.dispatch(ChooseWeaponAction(weapon: weapons[index % 3]))
            store.dispatch(ChooseWeaponAction(weapon: weapons[(index / 3) % 3]))
        }
        let history = store.state.scoreHistory
        #expect(history.rounds.count == 3_000)
        #expect(history.totals.rounds == 3_000)
        #expect(history.totals.draws == 1_000)
        #expect(history.matches.map(\.roundsPlayed).reduce(0, +) == 3_000)
    }
}
