import Foundation
import MultiRedux
import ReduxTesting
import ReduxTimeTravel
import TestHelpers
import Testing

// The examples of Docs/TimeTravel.md, compiled and run.

struct Counter: State, Codable, Equatable {
    var count = 0
}

struct Increment: Action, Codable {
    var by = 1
}

struct CounterFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Increment, state: inout Counter) in
            state.count += action.by
        }
    }
}

@Suite struct TimeTravelExampleTests {
    @Test("record: the journal holds every applied action")
    func record() {
        let store = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
        let recorder = ActionRecorder(store, snapshotInterval: 100)
        store.dispatch(Increment(by: 2))
        store.dispatch(Increment(by: 3))
        #expect(recorder.journal.entries.count == 2)
    }

    @Test("record to a file, read it back and replay it into a fresh store")
    func recordToFileAndReplay() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("counter.journal").path
        let store = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
        let writer = try JournalWriter(path: path, durability: .everyAction)
        let recorder = ActionRecorder(store, file: writer)
        store.dispatch(Increment(by: 2))
        store.dispatch(Increment(by: 3))
        recorder.stop()

        let replayed = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
        let journal = try Journal<Counter>(contentsOf: path, actions: RecordableActions(replayed))
        try replayed.replay(journal)
        #expect(replayed.state == store.state)
    }

    @Test("step back and forward, and branch by dispatching in the past")
    func stepBackAndBranch() {
        let store = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
        let recorder = ActionRecorder(store, snapshotInterval: 100)
        let counts = Recorder<Int>()
        let token = store.observe(select: \.count) { counts.append($0) }
        store.dispatch(Increment(by: 2))
        store.dispatch(Increment(by: 3))

        recorder.move(to: 1)
        #expect(store.state.count == 2)
        recorder.stepBack()
        #expect(store.state.count == 0)
        recorder.stepForward()
        recorder.returnToPresent()
        #expect(store.state.count == 5)

        recorder.move(to: 1)
        store.dispatch(Increment(by: 10))
        #expect(store.state.count == 12)
        #expect(recorder.journal.entries.count == 2)
        #expect(counts.all == [0, 2, 5, 2, 0, 2, 5, 2, 12])
        token.cancel()
    }

    @Test("a recorded session as a regression test")
    func recordedSessionTest() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("counter.journal").path
        let store = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path, includesStates: true))
        store.dispatch(Increment(by: 2))
        store.dispatch(Increment(by: 3))
        recorder.stop()

        let replayed = Store(initialState: Counter(), features: [CounterFeature().at(\.self)])
        expectReplay(try Journal<Counter>(contentsOf: path, actions: RecordableActions(replayed)), into: replayed)
    }
}
