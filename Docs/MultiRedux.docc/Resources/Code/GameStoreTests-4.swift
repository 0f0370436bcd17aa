import Foundation
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
