import Dispatch
import MultiRedux
import TestHelpers
import Testing

@testable import ReduxStore

/// The draining thread applies a run of queued actions that nothing follows outside the store
/// lock in one hold of the lock, released every `WorkQueue.longestHold` actions and before any
/// action that has something to do outside it. Each action is still applied, reported and
/// notified on its own.
@Suite("A run of queued actions")
struct QueuedRunTests {
    /// A store whose `Increment(by: -1)` queues `burst` actions to the store itself: increments
    /// by 1, 2, 3, … with an `Unknown` (no reducer, so reported) after every seventh.
    private func storeQueuingBurst(_ burst: Int, issues: IssueCollector) -> Store<AppState> {
        let store = makeStore(issueReporter: issues.reporter)
        store.reducerContainer.addReduceFunction(reduceFunction: {
            [weak store] (_, action: Increment, state: inout AppState) in
            state.history.append(action.by)
            guard action.by < 0 else { return }
            for value in 1...burst {
                store?.dispatch(Increment(by: value))
                if value % 7 == 0 { store?.dispatch(Unknown()) }
            }
        })
        return store
    }

    @Test("every queued action is applied in order, every unhandled one reported, and the lock is free after")
    func runAppliesEachAction() async {
        let burst = 5 * WorkQueue.longestHold + 3
        let issues = IssueCollector()
        let store = storeQueuingBurst(burst, issues: issues)
        store.dispatch(Increment(by: -1))
        #expect(store.state.history == [-1] + Array(1...burst))
        #expect(store.state.count == -1 + burst * (burst + 1) / 2)
        #expect(issues.kinds == Array(repeating: .unhandledAction, count: burst / 7))
        // Another thread gets the store lock: no hold was left behind.
        let counts = Recorder<Int>()
        let read = await runOnThreads(timeout: 10, [{ counts.append(store.state.count) }])
        #expect(read)
        #expect(counts.all == [-1 + burst * (burst + 1) / 2])
    }

    @Test("a subscriber sees every queued action's change, one at a time")
    func runNotifiesEachAction() {
        let burst = 3 * WorkQueue.longestHold
        let issues = IssueCollector()
        let store = storeQueuingBurst(burst, issues: issues)
        let lengths = Recorder<Int>()
        let token = store.observe(select: \.history.count) { lengths.append($0) }
        store.dispatch(Increment(by: -1))
        token.cancel()
        #expect(lengths.all == Array(0...(burst + 1)))
        #expect(issues.kinds.count == burst / 7)
    }

    @Test("another thread reading the state during a long run of queued actions gets it, whole")
    func readDuringRun() async {
        let burst = 200 * WorkQueue.longestHold
        let started = DispatchSemaphore(value: 0)
        let store = makeStore()
        store.reducerContainer.addReduceFunction(reduceFunction: {
            [weak store] (_, action: Increment, state: inout AppState) in
            guard action.by < 0 else { return }
            for _ in 1...burst { store?.dispatch(Append(value: 1)) }
            started.signal()
        })
        let seen = Recorder<Int>()
        let finished = await runOnThreads([
            { store.dispatch(Increment(by: -1)) },
            {
                started.wait()
                for _ in 0..<20 { seen.append(store.state.history.count) }
            },
        ])
        #expect(finished)
        #expect(seen.all.count == 20)
        #expect(seen.all == seen.all.sorted())
        #expect(store.state.history.count == burst)
    }
}
