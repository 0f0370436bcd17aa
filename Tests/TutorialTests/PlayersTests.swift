import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

@Suite struct PlayersTests {
    @Test("typing a name is an action that writes the name")
    func typingANameWritesIt() async {
        let store = TestStore(initialState: Players(), features: [PlayersFeature().at(\.self)])
        await store.send(BindingAction<Players>.set(\.player1, "Ada")) { $0.player1 = "Ada" }
        await store.finish()
    }
}
