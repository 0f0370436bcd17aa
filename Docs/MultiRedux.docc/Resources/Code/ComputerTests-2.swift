import MultiRedux
import ReduxTimeTravel
import Testing

@Suite struct ComputerTests {
    @Test func theComputerAnswersPlayer1() async {
        let store = Store(
            initialState: AppState(), features: ComputerGameApp.features,
            dependencies: Dependencies { $0.computer = ComputerPlayer(choose: { .paper }) })
        await store.dispatchAndWait(ChooseWeapon(weapon: .rock))
        #expect(store.state.game == GameState(player1: .rock, player2: .paper))
        #expect(store.state.score == Score(player2Wins: 1))
    }

    @Test func eachChoiceIsRecordedNotTheComputersDraw() async throws {
        let store = Store(initialState: AppState(), features: ComputerGameApp.features)
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(ChooseWeapon(weapon: .scissors))
        let replayed = Store(
            initialState: AppState(), features: ComputerGameApp.features,
            dependencies: Dependencies { $0.computer = ComputerPlayer(choose: { .scissors }) })
        try replayed.replay(recorder.journal)
        #expect(replayed.state == store.state)
    }
}
