import Foundation
import MultiRedux
import TestHelpers
import Testing

@Suite struct StoreTests {
    @Test("after dispatch returns, the state reflects the action")
    func dispatchIsSynchronous() {
        let store = makeStore()
        store.dispatch(Increment(by: 2))
        #expect(store.state.count == 2)
        store.dispatch(SetTitle(title: "Scores"))
        #expect(store.getState().settings.title == "Scores")
    }

    @Test("a ReSwift-style store makes its initial state from the reducer and applies actions")
    func reSwiftStyleInitialiser() {
        let store = Store<AppState>(
            reducer: { action, state in
                var state = state ?? AppState(count: 100)
                if let increment = action as? Increment { state.count += increment.by }
                return state
            }, state: nil)
        #expect(store.state.count == 100)
        store.dispatch(Increment(by: 1))
        #expect(store.state.count == 101)
    }

    @Test("a value-returning app reducer and a store with only root reducers both work")
    func appReducerForms() {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, _: Increment, state: AppState) -> AppState in
            var next = state
            next.count += 1
            return next
        })
        let valueStyle = Store(
            initialState: AppState(),
            appReducer: { provider, action, state in provider.reduce(action, state) },
            reducerContainer: registry)
        let rootOnly = Store(initialState: AppState()) { reducers in
            reducers.addReduceFunction(reduceFunction: { (_, _: Increment, state: AppState) -> AppState in
                var next = state
                next.count += 1
                return next
            })
        }
        valueStyle.dispatch(Increment())
        rootOnly.dispatch(Increment())
        #expect(valueStyle.state.count == 1)
        #expect(rootOnly.state.count == 1)
    }

    @Test("replaceReducer takes effect for the next action")
    func replaceReducer() {
        let store = makeStore()
        store.dispatch(Increment())
        store.replaceReducer { (_: any ReducerProvider, _: any Action, state: inout AppState) in
            state.count = -1
        }
        #expect(store.state.count == 1)
        store.dispatch(Unknown())
        #expect(store.state.count == -1)
        store.replaceReducer(reducer: { _, state in AppState(count: 42) })
        store.dispatch(Unknown())
        #expect(store.state.count == 42)
    }

    @Test("an unhandled action is reported as a diagnostic and leaves the state unchanged")
    func unhandledActionIsReported() {
        let issues = IssueCollector()
        let store = makeStore(issueReporter: issues.reporter)
        store.dispatch(Increment())
        store.dispatch(Unknown())
        #expect(issues.kinds == [.unhandledAction])
        #expect(issues.issues.first?.message.contains("Unknown") == true)
        #expect(issues.issues.first?.severity == .diagnostic)
        #expect(store.state == AppState(count: 1))
    }

    @Test("a ReSwift-style store never reports unhandled actions")
    func reSwiftStyleStoreDoesNotReportUnhandled() {
        let issues = IssueCollector()
        let store = Store<AppState>(reducer: { _, state in state ?? AppState() }, state: nil)
        store.issueReporter = issues.reporter
        store.dispatch(Unknown())
        #expect(issues.issues.isEmpty)
    }

    @Test("reading store.state inside a reducer is reported, not a deadlock")
    func stateReadDuringReductionIsReported() {
        let issues = IssueCollector()
        let store = Store(initialState: AppState(), issueReporter: issues.reporter)
        store.reducerContainer.addReduceFunction(reduceFunction: {
            [weak store] (_, _: Increment, state: inout AppState) in
            state.count = (store?.state.count ?? 0) + 1
        })
        store.dispatch(Increment())
        #expect(store.state.count == 1)
        #expect(issues.kinds == [.stateReadDuringReduction])
    }

    @Test("a reporter that reads store.state while a reducer runs is reported to once, not recursively")
    func reporterReadingTheStateDoesNotRecurse() {
        let store = Store(initialState: AppState())
        let seen = Recorder<Int>()
        store.issueReporter = IssueReporter { [weak store] _ in
            seen.append(store?.state.count ?? -1)
        }
        store.reducerContainer.addReduceFunction(reduceFunction: {
            [weak store] (_, _: Increment, state: inout AppState) in
            state.count = (store?.state.count ?? 0) + 1
        })
        store.dispatch(Increment())
        store.dispatch(Increment())
        #expect(seen.all == [0, 1])
        #expect(store.state.count == 2)
    }

    @Test("appending to a large array in the state is done in place, without copying it")
    func inPlaceReductionDoesNotCopy() {
        var initial = AppState()
        initial.history.reserveCapacity(200_000)
        initial.history.append(contentsOf: 0..<100_000)
        let history = InlineFeature { container in
            container.addReduceFunction(reduceFunction: { (_, action: Append, state: inout [Int]) in
                state.append(action.value)
            })
        }
        let store = Store(initialState: initial, features: [history.at(\.history)])
        initial = AppState()  // the store now holds the only reference to the buffer
        let before = store.state.history.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        for value in 0..<100 {
            store.dispatch(Append(value: value))
        }
        let after = store.state.history.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        #expect(store.state.history.count == 100_100)
        #expect(before == after, "the history buffer was copied: reduction is not in place")
    }
}
