import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

private struct Login: State, Equatable, Codable {
    var user: String?
}

private struct SubmitLogin: Action, Codable { var name: String }

/// The delegate action the log-in feature sends for a parent, which this store does not have.
private struct LoggedIn: Action, Codable { var user: String }

/// Handled only by a reducer of the root, not by a feature.
private struct SignOff: Action, Codable {}

private struct LoginFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: SubmitLogin, login: inout Login) -> Effect<Login> in
            login.user = action.name
            return .send(LoggedIn(user: action.name))
        }
    }
}

private func makeStore() -> Store<Login> {
    Store(initialState: Login(), features: [LoginFeature().at(\.self)], issueReporter: .ignoring) { reducers in
        reducers.addReduceFunction { (_, _: SignOff, login: inout Login) in login.user = nil }
    }
}

/// A recorded session holds actions no feature of the store handles: a delegate action sent for a
/// parent the store does not have.
@Suite struct UnansweredActionTests {
    @Test("a delegate action nobody handled is read back in its place and replays as nothing")
    func delegateActionReadBack() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("login.journal").path
        let store = makeStore()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        await store.dispatchAndWait(SubmitLogin(name: "ada"))
        recorder.stop()
        #expect(recorder.journal.entries.map(\.typeName).count == 2)

        let replayed = makeStore()
        let journal = try Journal<Login>(contentsOf: path, actions: RecordableActions(replayed))
        #expect(journal.entries.map(\.typeName) == recorder.journal.entries.map(\.typeName))
        #expect(journal.entries.allSatisfy { $0.isReplayable })
        try replayed.replay(journal)
        #expect(replayed.state == Login(user: "ada"))
    }

    @Test("an action a reducer of the store handles but the reader cannot decode is still refused")
    func handledButUnreadableIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("login.journal").path
        let store = makeStore()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(SignOff())
        recorder.stop()

        #expect(throws: JournalError.self) {
            _ = try Journal<Login>(contentsOf: path, actions: RecordableActions(makeStore()))
        }
    }
}
