import Foundation
import MultiRedux
import TestHelpers
import Testing

@Suite struct StoreDispatchTests {
    @Test("a dispatch from a reducer is applied after the current action, not inside it")
    func dispatchFromReducerIsQueued() {
        let store = Store(initialState: AppState())
        store.reducerContainer.addReduceFunction(reduceFunction: {
            [weak store] (_, action: Increment, state: inout AppState) in
            state.history.append(action.by)
            if action.by == 1 {
                store?.dispatch(Increment(by: 2))
                store?.dispatch(Increment(by: 3))
                state.history.append(-1)  // still inside the first action
            }
        })
        store.dispatch(Increment(by: 1))
        #expect(store.state.history == [1, -1, 2, 3])
    }

    @Test("a dispatch from a subscriber is applied after the current notification, first in first out")
    func dispatchFromSubscriberIsQueued() {
        let store = makeStore()
        let first = RecordingSubscriber<AppState>()
        let second = RecordingSubscriber<AppState>()
        first.onUpdate = { [weak store] state in
            if state.count == 1 && state.history.isEmpty {
                store?.dispatch(Append(value: 10))
                store?.dispatch(Append(value: 20))
            }
        }
        store.suscribe(first)
        store.suscribe(second)
        store.dispatch(Increment())
        // The second subscriber saw the first action before any queued one was applied.
        #expect(second.received.map(\.count) == [0, 1, 1, 1])
        #expect(second.received.map(\.history) == [[], [], [10], [10, 20]])
        #expect(store.state.history == [10, 20])
    }

    @Test("a middleware dispatch is queued behind the current action")
    func dispatchFromMiddlewareIsQueued() {
        let seen = Recorder<String>()
        let middleware = Middleware<AppState> { action, context in
            if let increment = action as? Increment, increment.by == 1 {
                context.dispatch(Append(value: context.state.count))
            }
            seen.append("\(type(of: action))")
            return action
        }
        let store = makeStore(middleware: [middleware])
        store.dispatch(Increment(by: 1))
        // The middleware read the state before the increment; its action came after it.
        #expect(seen.all == ["Increment", "Append"])
        #expect(store.state.history == [0])
        #expect(store.state.count == 1)
    }

    @Test("many threads dispatching: every action is applied exactly once")
    func concurrentDispatchCountsEveryAction() async {
        let store = makeStore()
        let threads = 8
        let perThread = 5_000
        let finished = await runOnThreads(
            (0..<threads).map { thread in
                {
                    for index in 0..<perThread {
                        store.dispatch(Increment())
                        if index % 500 == 0 { store.dispatch(Append(value: thread)) }
                        _ = store.state.count
                    }
                }
            })
        #expect(finished)
        #expect(store.state.count == threads * perThread)
        #expect(store.state.history.count == threads * perThread / 500)
        #expect(Set(store.state.history) == Set(0..<threads))
    }

    @Test("actions from one thread are applied in the order that thread dispatched them")
    func perThreadOrderIsKept() async {
        let store = makeStore()
        let finished = await runOnThreads(
            (0..<4).map { thread in
                { for index in 0..<1_000 { store.dispatch(Append(value: thread * 10_000 + index)) } }
            })
        #expect(finished)
        let history = store.state.history
        #expect(history.count == 4_000)
        for thread in 0..<4 {
            let own = history.filter { $0 / 10_000 == thread }
            #expect(own == Array(thread * 10_000..<thread * 10_000 + 1_000))
        }
    }

    @Test("subscribers see a strictly increasing count even with concurrent dispatchers")
    func notificationsStayInOrderUnderContention() async {
        let store = makeStore()
        let counts = Recorder<Int>()
        let token = store.observe(select: \.count) { counts.append($0) }
        let finished = await runOnThreads(
            Array(repeating: { for _ in 0..<1_000 { store.dispatch(Increment()) } }, count: 4))
        #expect(finished)
        token.cancel()
        #expect(counts.all == Array(0...4_000))
    }
}
