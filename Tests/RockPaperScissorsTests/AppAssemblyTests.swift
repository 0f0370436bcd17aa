import Foundation
import MultiRedux
import RockPaperScissors
import TestHelpers
import Testing

/// The game as `RockPaperScissorsApp` assembles it: three features, each placed at the sub-state
/// it owns, and the recorder on the root.
@Suite struct AppAssemblyTests {
    @Test("the game's store reports no issue, no unreachable reducer among them, while it is built and played")
    func noIssues() throws {
        let collector = IssueCollector()
        let store = RockPaperScissorsApp.makeStore(issueReporter: collector.reporter)

        store.dispatch(SeatPlayersAction(lineup: Lineup(settings: store.state.settings)))
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .paper))
        store.dispatch(NewRoundAction())
        store.dispatch(UpdateSettingsAction(change: try SettingsChange(key: "best-of", value: "5")))
        store.dispatch(ResetAction(includesSettings: true))

        #expect(!collector.kinds.contains(.unreachableReducer))
        #expect(collector.issues.isEmpty, "\(collector.issues)")
    }

    @Test("a feature placed at a sub-state of another type is reported as unreachable, naming its reducer")
    func misplacedFeatureIsReported() {
        let collector = IssueCollector()
        _ = Store(
            initialState: AppState(), features: [GameFeature().at(\.settings)], issueReporter: collector.reporter)

        #expect(collector.kinds == Array(repeating: .unreachableReducer, count: 5))
        #expect(collector.issues.first?.message.contains("ChooseWeaponReducer") == true)
    }

    @Test("each feature's reducers change the sub-state the feature is placed at, and only that one")
    func reducersRunAtTheirSubState() throws {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .paper, bestOf: 3)
        let settings = try Settings().applying(.player1Name("Ann"))
        let start = AppState(scoreHistory: history, settings: settings)
        let store = RockPaperScissorsApp.makeStore(initialState: start)

        // GameFeature, at \.game.
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        var expected = start
        expected.game.phase = .awaitingPlayer2(player1: .rock)
        #expect(store.state == expected)

        // SettingsFeature, at \.settings.
        store.dispatch(UpdateSettingsAction(change: .bestOf(5)))
        expected.settings = try settings.applying(.bestOf(5))
        #expect(store.state == expected)

        // ScoreHistoryFeature, at \.scoreHistory.
        store.dispatch(ResetAction())
        expected.game = GameState()
        expected.scoreHistory = ScoreHistory()
        #expect(store.state == expected)
    }

    @Test("the recorder, registered on the root, runs after the game's reducer has finished the round")
    func recorderRunsAtTheRootAfterTheSubStates() {
        let store = RockPaperScissorsApp.makeStore()

        store.dispatch(ChooseWeaponAction(weapon: .scissors))
        store.dispatch(ChooseWeaponAction(weapon: .paper))

        var expected = AppState(game: GameState(phase: .finished(player1: .scissors, player2: .paper)))
        expected.scoreHistory.record(player1: .scissors, player2: .paper, bestOf: 3)
        #expect(store.state == expected)
    }

    @Test("features added to a store at run time play the game as the assembled store does")
    func featuresAddedAtRunTime() {
        let store = Store(initialState: AppState())
        for feature in RockPaperScissorsApp.features {
            store.add(feature)
        }

        store.dispatch(ChooseWeaponAction(weapon: .scissors))
        store.dispatch(ChooseWeaponAction(weapon: .paper))

        #expect(store.state.game.result == .player1Wins)
        #expect(store.state.scoreHistory.rounds.count == 1)
    }
}
