import MultiRedux
import ReduxTesting
import RockPaperScissors
import Testing

/// Recording rounds the multi-reducer way: the root-level `RecordRoundReducer` after the game's
/// reducer, and the reset on `ScoreHistory`. The registrations are checked with the other
/// features' in `TestingGuideGameTests`.
@Suite struct ScoreHistoryFeatureTests {
    @Test("alone, the recorder records a finished round with the match length in force and ignores an unfinished one")
    func recorderInIsolation() throws {
        let finished = GameState(phase: .finished(player1: .rock, player2: .scissors))
        assertReduce(
            RecordRoundReducer(), action: ChooseWeaponAction(weapon: .scissors),
            on: AppState(game: finished, settings: try Settings().applying(.bestOf(5)))
        ) {
            $0.scoreHistory.record(player1: .rock, player2: .scissors, bestOf: 5)
        }

        let unfinished = AppState(game: GameState(phase: .awaitingPlayer2(player1: .rock)))
        assertReduce(
            RecordRoundReducer(), action: ChooseWeaponAction(weapon: .rock), on: unfinished, expected: unfinished)
    }

    @Test("the recorder records who played: the seated players, else the players the settings name")
    func recorderRecordsThePlayers() throws {
        let settings = try Settings().applying(.player1Name("Ann")).applying(.opponent(.human))
        let friends = try Lineup(player1Name: "Ann", player2: .person(name: "Player 2"))
        let computer = Lineup(settings: settings, opponent: .computer)
        let finished = GameState.Phase.finished(player1: .rock, player2: .scissors)

        assertReduce(
            RecordRoundReducer(), action: ChooseWeaponAction(weapon: .scissors),
            on: AppState(game: GameState(phase: finished), settings: settings)
        ) {
            $0.scoreHistory.record(player1: .rock, player2: .scissors, bestOf: 3, lineup: friends)
        }
        let seated = assertReduce(
            RecordRoundReducer(), action: ChooseWeaponAction(weapon: .scissors),
            on: AppState(game: GameState(phase: finished, lineup: computer), settings: settings)
        ) {
            $0.scoreHistory.record(player1: .rock, player2: .scissors, bestOf: 3, lineup: computer)
        }
        #expect(seated.scoreHistory.rounds.map { $0.name(of: .two) } == ["Computer"])
    }

    @Test("through the store, each finished round is recorded exactly once, with the match length in force")
    func recordsEachRoundOnce() async throws {
        let start = AppState(settings: try Settings().applying(.bestOf(5)))
        let store = TestStore(initialState: start, features: RockPaperScissorsApp.features)

        // The second round's first choice comes after the first round ended: it records nothing.
        for (player1, player2) in [(Weapon.rock, Weapon.scissors), (.paper, .paper)] {
            await store.send(ChooseWeaponAction(weapon: player1)) { $0.game.phase = .awaitingPlayer2(player1: player1) }
            await store.send(ChooseWeaponAction(weapon: player2)) {
                $0.game.phase = .finished(player1: player1, player2: player2)
                $0.scoreHistory.record(player1: player1, player2: player2, bestOf: 5)
            }
        }
        await store.finish()
        #expect(store.state.scoreHistory.rounds.map(\.result) == [.player1Wins, .draw])
    }

    @Test("abandoning a round with NewRoundAction records nothing")
    func abandonedRoundIsNotRecorded() async {
        let store = TestStore(initialState: AppState(), features: RockPaperScissorsApp.features)

        await store.send(ChooseWeaponAction(weapon: .rock)) { $0.game.phase = .awaitingPlayer2(player1: .rock) }
        await store.send(NewRoundAction()) { $0.game = GameState() }
        await store.send(ChooseWeaponAction(weapon: .rock)) { $0.game.phase = .awaitingPlayer2(player1: .rock) }
        await store.finish()
    }

    @Test("a reset clears the history and the round but keeps the settings unless asked")
    func reset() throws {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .paper, bestOf: 3)
        let played = AppState(
            game: GameState(phase: .awaitingPlayer2(player1: .rock)), scoreHistory: history,
            settings: try Settings().applying(.player1Name("Ann")))

        assertReduce(features: RockPaperScissorsApp.features, action: ResetAction(), on: played) {
            $0.game = GameState()
            $0.scoreHistory = ScoreHistory()
        }
        assertReduce(
            features: RockPaperScissorsApp.features, action: ResetAction(includesSettings: true), on: played,
            expected: AppState())
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
