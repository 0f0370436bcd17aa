import Dispatch
import MultiRedux
import TestHelpers
import Testing

@testable import ReduxStore

/// A dispatch that finds a long queue waits, briefly, for the draining thread to take it: never
/// the draining thread itself, never for good.
@Suite("Back-pressure on a long queue")
struct BackPressureTests {
    @Test("a reducer's burst, longer than a long queue and the room kept, is applied in order, never waiting")
    func drainingThreadNeverWaits() {
        let store = Store(initialState: AppState())
        let burst = WorkQueue.keptCapacity + 1_000
        store.reducerContainer.addReduceFunction(reduceFunction: {
            [weak store] (_, action: Increment, state: inout AppState) in
            state.history.append(action.by)
            if action.by < 0 {
                for value in 1...burst { store?.dispatch(Increment(by: value)) }
            }
        })
        store.dispatch(Increment(by: -1))
        #expect(store.state.history == [-1] + Array(1...burst))
        store.dispatch(Increment(by: -2))
        #expect(store.state.history == [-1] + Array(1...burst) + [-2] + Array(1...burst))
        #expect(store.waitsForRoom == 0)
    }

    @Test("another thread queuing behind a stuck draining thread waits at most a moment per dispatch, then goes on")
    func waitingHasAnEnd() async {
        let store = Store(initialState: AppState())
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            if action.by < 0 {
                entered.signal()
                release.wait()
            }
            state.history.append(action.by)
        })
        let extra = 3
        let flooded = await runOnThreads([
            { store.dispatch(Increment(by: -1)) },
            {
                entered.wait()
                // The draining thread is stuck in its reducer: every one of these is queued, and
                // each that makes the queue long waits for it in vain, for a moment.
                for value in 1...(WorkQueue.longLength + extra) { store.dispatch(Increment(by: value)) }
                release.signal()
            },
        ])
        #expect(flooded)
        #expect(store.waitsForRoom == extra + 1)
        #expect(store.state.history == [-1] + Array(1...(WorkQueue.longLength + extra)))
    }
}
