import Foundation
import MultiRedux
import ReduxTesting
import ReduxTimeTravel
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

    @Test func theScoreIsShownWhenItChanges() {
        let store = Store(initialState: AppState(), features: GameApp.features)
        let shown = ShownLines()
        let token = store.observe(select: \.score) { score in
            shown.append("\(score.player1Wins)-\(score.player2Wins), \(score.draws) drawn")
        }
        for weapon in [Weapon.rock, .scissors, .paper, .paper] {
            store.dispatch(ChooseWeapon(weapon: weapon))
        }
        #expect(shown.lines == ["0-0, 0 drawn", "1-0, 0 drawn", "1-0, 1 drawn"])
        token.cancel()
    }

    @Test func aRecordedMatchReplaysIntoANewStore() throws {
        let store = Store(initialState: AppState(), features: GameApp.features)
        let recorder = ActionRecorder(store)
        for weapon in [Weapon.rock, .scissors, .paper, .paper, .scissors, .rock] {
            store.dispatch(ChooseWeapon(weapon: weapon))
        }
        #expect(store.state.score == Score(player1Wins: 1, player2Wins: 1, draws: 1))

        let replayed = Store(initialState: AppState(), features: GameApp.features)
        try replayed.replay(recorder.journal)
        #expect(replayed.state == store.state)

        recorder.move(to: 2)
        #expect(store.state.score == Score(player1Wins: 1))
        recorder.returnToPresent()
        #expect(store.state.score.draws == 1)
    }

    @Test func aMatchSavedToAFileReplaysLater() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = Store(initialState: AppState(), features: GameApp.features)
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        for weapon in [Weapon.paper, .rock, .rock, .paper] {
            store.dispatch(ChooseWeapon(weapon: weapon))
        }
        recorder.stop()

        let journal = try Journal<AppState>(contentsOf: path, actions: RecordableActions([ChooseWeapon.self]))
        let replayed = Store(initialState: AppState(), features: GameApp.features)
        try replayed.replay(journal)
        #expect(replayed.state.score == Score(player1Wins: 1, player2Wins: 1))
    }
}

/// The lines a terminal would show, kept for the test to read; observers may run on any thread.
final class ShownLines: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [String] = []

    /// The lines shown so far.
    var lines: [String] { lock.withLock { shown } }

    /// Shows a line.
    func append(_ line: String) {
        lock.withLock { shown.append(line) }
    }
}
