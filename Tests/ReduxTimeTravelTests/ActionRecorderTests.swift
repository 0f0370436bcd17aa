import Foundation
import MultiRedux
import ReduxCore
import ReduxShared
import ReduxTimeTravel
import TestHelpers
import Testing

@Suite(.serialized) struct ActionRecorderTests {
    /// A store that recorded `count` Add actions (amounts 1, 2, 3, …) and the states after each.
    private func recordedAdds(
        _ count: Int, interval: Int
    ) -> (store: Store<Desk>, recorder: ActionRecorder<Desk>, states: [Desk]) {
        let store = makeDesk()
        let recorder = ActionRecorder(store, snapshotInterval: interval)
        var states = [store.state]
        for amount in 1...count {
            store.dispatch(Add(amount: amount))
            states.append(store.state)
        }
        return (store, recorder, states)
    }

    @Test(
        "a second recorder while one records is refused as misuse; the first goes on, and stopping the second leaves it"
    )
    func oneRecorderAtATime() {
        let issues = IssueCollector()
        let store = makeDesk(issueReporter: issues.reporter)
        let first = ActionRecorder(store)
        store.dispatch(Add(amount: 1))
        let second = ActionRecorder(store)
        store.dispatch(Add(amount: 2))
        second.stop()
        store.dispatch(Add(amount: 3))

        #expect(issues.kinds == [.misuse])
        #expect(issues.issues.first?.message.contains("one recorder at a time") == true)
        #expect(first.journal.entries.count == 3)
        #expect(second.journal.entries.isEmpty)
        first.stop()
        let third = ActionRecorder(store)  // free again
        store.dispatch(Add(amount: 4))
        #expect(third.journal.entries.count == 1)
        #expect(issues.kinds == [.misuse])
    }

    @Test("a journal followed by a later one keeps each entry's cause, site and time at its new index")
    func appendingShiftsIndices() {
        var earlier = Journal<Desk>(entries: [.action(Add(amount: 1)), .action(Add(amount: 2))], causes: [1: 0])
        earlier.sites = [0: "A.swift:1"]
        var later = Journal<Desk>(entries: [.action(Add(amount: 3)), .action(Add(amount: 4))], causes: [1: 0])
        later.sites = [1: "B.swift:2"]
        later.times = [0: 5, 1: 6]

        let joined = earlier.appending(later)

        #expect(joined.entries.count == 4)
        #expect(joined.causes == [1: 0, 3: 2])
        #expect(joined.sites == [0: "A.swift:1", 3: "B.swift:2"])
        #expect(joined.times == [2: 5, 3: 6])

        // In place, as a state file keeps its session across compactions: the same journal.
        later.recordedStates = [1: Desk()]
        var session = earlier
        session.append(later)
        #expect(session.entries.count == 4)
        #expect(session.causes == [1: 0, 3: 2])
        #expect(session.sites == [0: "A.swift:1", 3: "B.swift:2"])
        #expect(session.times == [2: 5, 3: 6])
        #expect(Array(session.recordedStates.keys) == [3])
        #expect(earlier.entries.count == 2)  // the journal it started from is unchanged
    }

    @Test("the journal holds every applied action, after the middleware, in order")
    func journalsAppliedActions() {
        let doubling = Middleware<Desk> { action, _ in
            guard let add = action as? Add else { return action }
            return add.amount == 0 ? nil : Add(amount: add.amount * 2)
        }
        let store = Store(
            initialState: Desk(), features: [TallyFeature().at(\.tally)], middleware: [doubling],
            issueReporter: .ignoring)
        let recorder = ActionRecorder(store)
        store.dispatch(Add(amount: 1))
        store.dispatch(Add(amount: 0))
        store.dispatch(Note(text: "x"))
        let recorded = recorder.journal.entries.map { entry -> String in
            guard case .action(let action) = entry else { return "?" }
            return "\(action)"
        }
        #expect(recorded == ["\(Add(amount: 2))", "\(Note(text: "x"))"])
    }

    @Test("moving to any recorded position shows the state after that many actions, and observers see it")
    func moveShowsRecordedStates() {
        let (store, recorder, states) = recordedAdds(25, interval: 4)
        let seen = Recorder<Int>()
        let token = store.observe(select: \.tally.total) { seen.append($0) }
        for position in [0, 3, 4, 5, 17, 25, 1, 24] {
            recorder.move(to: position)
            #expect(store.state == states[position], "position \(position)")
            #expect(recorder.position == position)
        }
        #expect(seen.all == [325, 0, 6, 10, 15, 153, 325, 1, 300])
        recorder.returnToPresent()
        #expect(store.state == states[25])
        #expect(recorder.isAtPresent)
        token.cancel()
    }

    @Test("step back and step forward move one action at a time, and stop at the ends")
    func stepBackAndForward() {
        let (store, recorder, states) = recordedAdds(3, interval: 2)
        recorder.stepBack()
        #expect(store.state == states[2])
        recorder.stepBack()
        recorder.stepBack()
        recorder.stepBack()
        #expect(store.state == states[0])
        #expect(recorder.position == 0)
        recorder.stepForward()
        #expect(store.state == states[1])
        recorder.returnToPresent()
        recorder.stepForward()
        #expect(store.state == states[3])
    }

    @Test("a jump replays fewer actions than the snapshot interval, however long the journal")
    func jumpCostIsBoundedByInterval() {
        let store = makeDesk()
        let recorder = ActionRecorder(store, snapshotInterval: 16)
        for _ in 0..<2_000 {
            store.dispatch(Tick())
        }
        for target in [1_999, 7, 1_000, 15, 1_023] {
            let before = tickRuns.withLock { $0 }
            recorder.move(to: target)
            let runs = tickRuns.withLock { $0 } - before
            #expect(runs == target % 16, "jump to \(target)")
            #expect(store.state.tally.total == target)
        }
    }

    @Test("dispatching after a move back starts a new branch from the state shown")
    func dispatchAfterMoveBackBranches() {
        let (store, recorder, states) = recordedAdds(10, interval: 4)
        recorder.move(to: 5)
        store.dispatch(Add(amount: 100))
        #expect(store.state.tally.total == states[5].tally.total + 100)
        #expect(recorder.journal.entries.count == 6)
        #expect(recorder.isAtPresent)
        recorder.move(to: 4)
        #expect(store.state == states[4])
        recorder.move(to: 6)
        #expect(store.state.tally.total == 115)
    }

    @Test("async results are journaled as the state they led to, and a move applies them")
    func asyncResultsAreJournaled() async {
        let store = makeDesk()
        let recorder = ActionRecorder(store, snapshotInterval: 100)
        await store.dispatchAndWait(Load(item: 4))
        await store.dispatchAndWait(Stock(item: 1))
        let entries = recorder.journal.entries
        #expect(entries.map(\.typeName).last == String(reflecting: Stock.self))
        guard entries.count == 3, case .asyncResult(let reducer, let state) = entries[1] else {
            Issue.record("expected Load, its result, Stock; got \(entries.map(\.typeName))")
            return
        }
        #expect(reducer == String(reflecting: LoadReducer.self))
        #expect(state.shelf.items == [40])
        recorder.move(to: 2)
        #expect(store.state.shelf.items == [40])
        recorder.move(to: 1)
        #expect(store.state.shelf.items == [])
    }

    @Test("stopping leaves the journal as it was; later actions are not recorded")
    func stopEndsRecording() {
        let (store, recorder, _) = recordedAdds(2, interval: 4)
        recorder.stop()
        store.dispatch(Add(amount: 9))
        #expect(recorder.journal.entries.count == 2)
    }
}
