import Foundation
import MultiRedux
import TestHelpers
import Testing

// VISPER-Redux's FunctionalReducer takes the state type first, MultiRedux's the action type first.
// Ported as written, `FunctionalReducer<TestState, NewTitleAction>` compiles when the reduce
// function names no types, and would register a reducer that never runs. Every container a store,
// a Redux set-up or a ReduxApp hands out reports it when it is registered, naming the fix.

private struct TestState: State, Equatable {
    var title = ""
}

private struct NewTitleAction: Action {
    var title: String
}

/// A state that is also an action (a snapshot to restore, say), with a reducer for it: not a swap.
private struct Snapshot: State, Action, Equatable {
    var title = ""
}

private struct Restore: Action {
    var snapshot: Snapshot
}

/// Written in VISPER's order: reduces `NewTitleAction` values for `TestState` actions.
private let swapped = FunctionalReducer<TestState, NewTitleAction>(reduceFunction: { _, _, state in state })

/// The same, in MultiRedux's order.
private let inOrder = FunctionalReducer<NewTitleAction, TestState>(reduceFunction: { _, action, state in
    TestState(title: action.title)
})

private struct SwappedFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: swapped)
    }
}

@Suite struct FunctionalReducerOrderTests {
    @Test("VISPER's FunctionalReducer<State, Action> order is reported when registered, naming the fix")
    func swappedOrderIsReported() throws {
        let issues = IssueCollector()
        let store = Store(initialState: TestState(), issueReporter: issues.reporter) { reducers in
            reducers.addReducer(reducer: swapped)
            reducers.addReducer(reducer: inOrder)
        }
        store.dispatch(NewTitleAction(title: "Ported"))
        #expect(store.state.title == "Ported")
        #expect(issues.kinds == [.misuse])
        let message = try #require(issues.issues.first?.message)
        #expect(message.contains("FunctionalReducer<NewTitleAction, TestState>"))
        #expect(message.contains("action type first"))

        // A state that is also an action, reduced for an action, is no swap.
        let snapshots = Store(initialState: Snapshot(), issueReporter: issues.reporter) { reducers in
            reducers.addReduceFunction { (_, action: Restore, state: inout Snapshot) in state = action.snapshot }
        }
        snapshots.dispatch(Restore(snapshot: Snapshot(title: "saved")))
        #expect(snapshots.state.title == "saved")
        #expect(issues.issues.count == 1)
    }

    @Test("a swapped registration is reported by a placed feature, a Redux set-up, a ReduxApp and a VISPER store")
    func everyContainerReports() {
        let placed = IssueCollector()
        _ = Store(initialState: TestState(), features: [SwappedFeature().at(\.self)], issueReporter: placed.reporter)
        #expect(placed.kinds == [.misuse])

        let app = ReduxAppFactory().makeApplication(
            initialState: TestState(), appReducer: { provider, action, state in provider.reduce(action, state) })
        let appIssues = IssueCollector()
        app.redux.store.issueReporter = appIssues.reporter
        app.add(feature: SwappedFeature())
        #expect(appIssues.kinds == [.misuse])

        let redux = Redux<TestState>(
            appReducer: { provider, action, state in provider.reduce(action, state) }, initialState: TestState())
        let reduxIssues = IssueCollector()
        redux.store.issueReporter = reduxIssues.reporter
        redux.reducerContainer.addReducer(reducer: swapped)
        #expect(reduxIssues.kinds == [.misuse])

        let storeIssues = IssueCollector()
        let store = Store(
            initialState: TestState(), appReducer: { provider, action, state in provider.reduce(action, &state) },
            issueReporter: storeIssues.reporter)
        store.reducerContainer.addReducer(reducer: swapped)
        #expect(storeIssues.kinds == [.misuse])
    }

    @Test("a registry on its own reports a swapped registration once, and a store around it once more")
    func registryOnItsOwnReports() {
        let issues = IssueCollector()
        let registry = ReducerRegistry(issueReporter: issues.reporter)
        registry.addReducer(reducer: swapped)
        registry.addReducer(reducer: inOrder)
        #expect(issues.kinds == [.misuse])

        // Through a store around that registry: the store's reporter hears of it, the registry's
        // does not hear of it a second time.
        let storeIssues = IssueCollector()
        let store = Store(
            initialState: TestState(), appReducer: { provider, action, state in provider.reduce(action, &state) },
            reducerContainer: registry, issueReporter: storeIssues.reporter)
        store.reducerContainer.addReducer(reducer: swapped)
        #expect(storeIssues.kinds == [.misuse])
        #expect(issues.kinds == [.misuse])
    }
}
