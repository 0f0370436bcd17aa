import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

/// Records random sessions and replays them: the replayed store goes through the same states.
@Suite struct ReplayPropertyTests {
    /// Records one session of `length` random actions (each awaited, so the async results it
    /// starts land too) and returns the states its observer saw and the journal.
    private func recordSession(
        length: Int, using generator: inout SeededGenerator, file: JournalWriter? = nil
    ) async -> (states: [Desk], journal: Journal<Desk>) {
        let store = makeDesk()
        let recorder = ActionRecorder(store, snapshotInterval: 4, file: file)
        let states = Recorder<Desk>()
        let token = store.observe { states.append($0) }
        for _ in 0..<length {
            await store.dispatchAndWait(randomAction(using: &generator))
        }
        token.cancel()
        return (states.all, recorder.journal)
    }

    /// The states a fresh store's observer sees while a journal is replayed into it.
    private func replayedStates(_ journal: Journal<Desk>) throws -> [Desk] {
        let store = makeDesk()
        let states = Recorder<Desk>()
        let token = store.observe { states.append($0) }
        try store.replay(journal)
        token.cancel()
        return states.all
    }

    @Test("replaying a recorded journal goes through the recorded states, action by action, on 2,000 random sessions")
    func replayMatchesRecording() async throws {
        var generator = SeededGenerator(state: 11)
        var actionCount = 0
        var asyncResultCount = 0
        for session in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let (recorded, journal) = await recordSession(length: length, using: &generator)
            actionCount += journal.entries.count
            asyncResultCount += journal.entries.filter { if case .asyncResult = $0 { true } else { false } }.count
            let replayed = try replayedStates(journal)
            #expect(replayed == recorded, "session \(session) (seed 11)")
            if replayed != recorded { break }
        }
        // The sessions did exercise async results.
        #expect(asyncResultCount > 1_000)
        #expect(actionCount > 20_000)
    }

    @Test("a journal written to a file and read back replays to the recorded states, on 200 random sessions")
    func fileReplayMatchesRecording() async throws {
        let directory = try TemporaryDirectory()
        var generator = SeededGenerator(state: 12)
        for session in 0..<200 {
            let path = directory.file("session-\(session).journal").path
            let length = Int.random(in: 0...24, using: &generator)
            let recorded = await recordSession(
                length: length, using: &generator, file: try JournalWriter(path: path))
            let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
            #expect(read.notes.isEmpty)
            #expect(read.entries.count == recorded.journal.entries.count)
            let replayed = try replayedStates(read)
            #expect(replayed == recorded.states, "session \(session) (seed 12)")
            if replayed != recorded.states { break }
        }
    }
}
