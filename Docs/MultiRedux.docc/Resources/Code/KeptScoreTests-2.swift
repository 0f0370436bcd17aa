import Foundation
import MultiRedux
import ReduxPersistence
import Testing

@Suite struct KeptScoreTests {
    private let file = StateFile(
        url: FileManager.default.temporaryDirectory.appendingPathComponent("tutorial-\(UUID()).json"))

    @Test func theScoreSurvivesTheProgram() throws {
        defer { try? FileManager.default.removeItem(at: file.url) }
        try file.withExclusiveAccess {
            let store = Store(initialState: AppState(), features: KeptScoreApp.features)
            let persistence = try file.persist(store)
            store.dispatch(ChooseWeapon(weapon: .rock))
            store.dispatch(ChooseWeapon(weapon: .scissors))
            store.dispatch(ChooseWeapon(weapon: .paper))
            try persistence.close()
        }

        let next = Store(initialState: AppState(), features: KeptScoreApp.features)
        try file.restore(next)
        #expect(next.state.score == Score(player1Wins: 1))
        #expect(next.state.game == GameState())
    }
}
