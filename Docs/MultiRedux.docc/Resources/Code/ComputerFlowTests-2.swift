import MultiRedux
import ReduxTesting
import Testing

@Suite struct ComputerFlowTests {
    @Test func theComputersAnswerIsReceived() async {
        let store = TestStore(
            initialState: AppState(), features: ComputerGameApp.features,
            dependencies: Dependencies { $0.computer = ComputerPlayer(choose: { .paper }) })
        await store.send(ChooseWeapon(weapon: .rock)) { $0.game.player1 = .rock }
        await store.receive(ChooseWeapon.self) {
            $0.game.player2 = .paper
            $0.score.player2Wins = 1
        }
        await store.finish()
    }

    @Test func aTestThatChecksOnlyTheScore() async {
        let store = TestStore(
            initialState: AppState(), features: ComputerGameApp.features, exhaustivity: .off)
        await store.send(ChooseWeapon(weapon: .paper))
        await store.finish()
        #expect(store.state.score.player1Wins == 1)
        #expect(store.skipped == ["finish() applied ChooseWeapon(weapon: .rock)"])
    }
}
