import Foundation
import MultiRedux
import ReduxTesting
import ReduxTimeTravel
import TestHelpers
import Testing

/// Like `TallyFeature`, with a bug: `Add` of a negative amount adds nothing.
struct RegressedTallyFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Add, state: inout Tally) in
            state.total += max(0, action.amount)
        }
        container.addReduceFunction { (_, action: Note, state: inout Tally) in
            state.log.append(action.text)
        }
    }
}

@Suite struct RecordedSessionTests {
    /// Records a session with the state after each action in the file, and reads it back.
    private func recordSession(in directory: TemporaryDirectory) async throws -> Journal<Desk> {
        let path = directory.file("session.journal").path
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path, includesStates: true))
        await store.dispatchAndWait(Add(amount: 3))
        await store.dispatchAndWait(Load(item: 2))
        await store.dispatchAndWait(Note(text: "n"))
        await store.dispatchAndWait(Add(amount: -1))
        await store.dispatchAndWait(Stock(item: 5))
        recorder.stop()
        return try Journal<Desk>(contentsOf: path, actions: deskActions)
    }

    @Test("a recorded session replayed against the same features passes")
    func sameFeaturesPass() async throws {
        let journal = try await recordSession(in: try TemporaryDirectory())
        #expect(journal.recordedStates.count == journal.entries.count)
        let failures = collectFailures {
            #expect(expectReplay(journal, into: makeDesk()) == nil)
        }
        #expect(failures.isEmpty)
    }

    @Test("a regression fails at the first action after which the state differs, with a diff")
    func regressionIsReportedWithDiff() async throws {
        let journal = try await recordSession(in: try TemporaryDirectory())
        let regressed = Store(
            initialState: Desk(),
            features: [RegressedTallyFeature().at(\.tally), ShelfFeature().at(\.shelf), CountingFeature().at(\.self)],
            issueReporter: .ignoring)
        var firstDifference: Int?
        let failures = collectFailures {
            firstDifference = expectReplay(journal, into: regressed)
        }
        // Entries: Add 3, Load, its result, Note, Add -1 (index 4), Stock.
        #expect(firstDifference == 4)
        #expect(failures.count == 1)
        let message = try #require(failures.first?.message)
        #expect(message.contains("after entry 5 of 6"))
        #expect(message.contains("tally.total: 2 → 3"))
    }

    @Test("a journal without recorded states is reported, not passed silently")
    func journalWithoutStatesFails() {
        let store = makeDesk()
        let recorder = ActionRecorder(store)
        store.dispatch(Add(amount: 1))
        let failures = collectFailures {
            expectReplay(recorder.journal, into: makeDesk())
        }
        #expect(failures.first?.message.contains("includesStates") == true)
    }

    @Test("expected states can be given instead of recorded ones")
    func explicitExpectedStates() {
        let store = makeDesk()
        let recorder = ActionRecorder(store)
        store.dispatch(Add(amount: 1))
        var expected = store.state
        expected.tally.total = 5
        let failures = collectFailures {
            #expect(expectReplay(recorder.journal, into: makeDesk(), expected: [0: expected]) == 0)
        }
        #expect(failures.first?.message.contains("tally.total: 5 → 1") == true)
    }
}
