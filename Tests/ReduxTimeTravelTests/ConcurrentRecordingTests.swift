import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

/// Recording while several threads dispatch (run under Thread Sanitizer).
@Suite struct ConcurrentRecordingTests {
    @Test("actions dispatched from several threads are all recorded, in the order the store applied them")
    func concurrentDispatchesAreRecordedInSerialOrder() async throws {
        let store = makeDesk()
        let recorder = ActionRecorder(store, snapshotInterval: 64)
        let applied = Recorder<Desk>()
        let token = store.observe { applied.append($0) }
        let threads = 4
        let perThread = 500
        let finished = await runOnThreads(
            (0..<threads).map { thread in
                {
                    for index in 0..<perThread {
                        store.dispatch(index % 2 == 0 ? Add(amount: thread + 1) : Note(text: "\(thread)"))
                    }
                }
            })
        #expect(finished)
        token.cancel()
        let journal = recorder.journal
        #expect(journal.entries.count == threads * perThread)

        let replayed = makeDesk()
        let states = Recorder<Desk>()
        let replayToken = replayed.observe { states.append($0) }
        try replayed.replay(journal)
        replayToken.cancel()
        #expect(states.all == applied.all)
    }

    @Test("moves and journal reads from other threads while the store is recording stay consistent")
    func movesWhileRecording() async {
        let store = makeDesk()
        let recorder = ActionRecorder(store, snapshotInterval: 16)
        let finished = await runOnThreads([
            {
                for _ in 0..<1_000 {
                    store.dispatch(Add(amount: 1))
                }
            },
            {
                for step in 0..<200 {
                    recorder.move(to: step)
                    _ = recorder.journal.entries.count
                }
                recorder.returnToPresent()
            },
        ])
        #expect(finished)
        recorder.returnToPresent()
        // Every Add was applied to the state shown when it came: the present is the branch of
        // the last move, and it replays to the store's state.
        let replayed = makeDesk()
        try? replayed.replay(recorder.journal)
        #expect(replayed.state.tally == store.state.tally)
    }
}
