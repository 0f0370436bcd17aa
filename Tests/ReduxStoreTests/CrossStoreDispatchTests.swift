import Foundation
import MultiRedux
import TestHelpers
import Testing

/// An action served to a store by the test's thread.
private struct Serve: Action {
    var value: Int
}

/// The action a store's reducer sends back to the other store for every `Serve`.
private struct Return: Action {
    var value: Int
}

/// What a rally store has applied, in order.
private struct RallyState: State {
    var served: [Int] = []
    var returned: [Int] = []
}

/// Lets a store's reducer reach the other store, which is made after it.
private final class StoreBox: @unchecked Sendable {
    // Written once before any dispatch, read by reducers afterwards.
    weak var store: Store<RallyState>?
}

/// A store that records every `Serve` and `Return` and answers each `Serve` with a `Return` to
/// the store in `partner`.
private func makeRallyStore(partner: StoreBox) -> Store<RallyState> {
    Store(initialState: RallyState()) { reducers in
        reducers.addReduceFunction(reduceFunction: { (_, action: Serve, state: inout RallyState) in
            state.served.append(action.value)
            partner.store?.dispatch(Return(value: action.value))
        })
        reducers.addReduceFunction(reduceFunction: { (_, action: Return, state: inout RallyState) in
            state.returned.append(action.value)
        })
    }
}

/// Dispatches an action from a thread of its own.
///
/// - Returns: A semaphore signalled when that `dispatch` returns.
private func dispatchOnNewThread(_ action: any Action, to store: Store<AppState>) -> DispatchSemaphore {
    let returned = DispatchSemaphore(value: 0)
    Thread {
        store.dispatch(action)
        returned.signal()
    }.start()
    return returned
}

// Serialized: each test blocks its Swift concurrency thread on semaphores while real threads
// work, so at most one of them holds a thread of the cooperative pool at a time.
@Suite(.serialized) struct CrossStoreDispatchTests {
    @Test("two stores whose reducers dispatch to each other, from two threads, never deadlock")
    func reducersDispatchingToEachOtherDoNotDeadlock() async {
        let boxForFirst = StoreBox()
        let boxForSecond = StoreBox()
        let first = makeRallyStore(partner: boxForFirst)
        let second = makeRallyStore(partner: boxForSecond)
        boxForFirst.store = second
        boxForSecond.store = first
        let rallies = 2_000

        let finished = await runOnThreads([
            { for value in 0..<rallies { first.dispatch(Serve(value: value)) } },
            { for value in 0..<rallies { second.dispatch(Serve(value: value)) } },
        ])
        guard finished else {
            Issue.record("the two stores deadlocked: their threads did not finish within the timeout")
            return
        }

        // Every action was applied exactly once in each store: the serves in the order their thread
        // sent them, the returns in the order the other store's reducer sent them.
        for store in [first, second] {
            #expect(store.state.served == Array(0..<rallies))
            #expect(store.state.returned == Array(0..<rallies))
        }
    }

    @Test("a dispatch from another thread returns without waiting for the running reducer")
    func dispatchToBusyStoreDoesNotWaitForTheReduction() async {
        let reducerEntered = DispatchSemaphore(value: 0)
        let releaseReducer = DispatchSemaphore(value: 0)
        let reducerTimedOut = Recorder<Bool>()
        let store = Store(initialState: AppState())
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Append, state: inout AppState) in
            state.history.append(action.value)
            guard action.value == 1 else { return }
            reducerEntered.signal()
            reducerTimedOut.append(releaseReducer.wait(timeout: .now() + 10) == .timedOut)
        })

        let busyThreadDone = dispatchOnNewThread(Append(value: 1), to: store)
        #expect(signalled(reducerEntered))

        let returned = await runOnThreads(timeout: 5, [{ store.dispatch(Append(value: 2)) }])
        #expect(returned, "the dispatch waited for the reducer running on the other thread")
        releaseReducer.signal()

        #expect(signalled(busyThreadDone))
        // The busy thread applied the queued action before its own dispatch returned.
        #expect(store.state.history == [1, 2])
        #expect(reducerTimedOut.all == [false])
    }

    @Test("a state read from another thread while a reducer runs waits and sees the whole action")
    func stateReadDuringReductionSeesAConsistentValue() {
        let reducerEntered = DispatchSemaphore(value: 0)
        let releaseReducer = DispatchSemaphore(value: 0)
        let store = Store(initialState: AppState())
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Append, state: inout AppState) in
            state.count += 1
            reducerEntered.signal()
            _ = releaseReducer.wait(timeout: .now() + 10)
            state.history.append(action.value)
        })

        let busyThreadDone = dispatchOnNewThread(Append(value: 7), to: store)
        #expect(signalled(reducerEntered))

        let readerStarted = DispatchSemaphore(value: 0)
        let seen = Recorder<AppState>()
        let readerDone = DispatchSemaphore(value: 0)
        Thread {
            readerStarted.signal()
            seen.append(store.state)
            readerDone.signal()
        }.start()
        readerStarted.wait()
        releaseReducer.signal()

        #expect(signalled(readerDone))
        #expect(signalled(busyThreadDone))
        // Never the half-reduced state (count 1, empty history).
        #expect(seen.all.map(\.history) == [[7]])
        #expect(seen.all.map(\.count) == [1])
    }
}
