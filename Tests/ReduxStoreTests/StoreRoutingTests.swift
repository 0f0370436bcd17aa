import Dispatch
import MultiRedux
import TestHelpers
import Testing

/// A class hierarchy of actions: a reducer for the subclass must not run for the base class.
class Navigate: Action, @unchecked Sendable {}
final class OpenSettings: Navigate, @unchecked Sendable {}

/// Actions that a reducer registered for `any Reset` handles.
protocol Reset: Action {}
struct ResetCount: Reset {}
struct ResetTitle: Reset {}

/// An action whose reducer hands its provider to another thread and reduces through it there.
struct ReduceElsewhere: Action {
    var done: @Sendable (Settings) -> Void
}

extension AppState {
    /// The settings behind a computed property, which `Substate` cannot address by offset.
    var computedSettings: Settings {
        get { settings }
        set { settings = newValue }
    }
}

/// A store whose registry starts with `registry`'s reducers, reducing `settings`, then the root.
private func makeRoutingStore(_ registry: ReducerRegistry, issues: IssueCollector? = nil) -> Store<AppState> {
    Store(
        initialState: AppState(),
        appReducer: reduceSubstates(Substate(\.settings)),
        reducerContainer: registry,
        issueReporter: issues?.reporter ?? .default)
}

@Suite struct StoreRoutingTests {
    @Test("a reducer registered between dispatches runs from the next dispatch, on a sub-state and the root")
    func registrationBetweenDispatches() {
        let registry = ReducerRegistry()
        let store = makeRoutingStore(registry)
        registry.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout AppState) in state.count += 1 })
        store.dispatch(Increment())
        registry.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout AppState) in state.count *= 10 })
        registry.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout Settings) in state.title += "!" })
        store.dispatch(Increment())
        #expect(store.state.count == 20)
        #expect(store.state.settings.title == "untitled!")
    }

    @Test("reducers registered from another thread while a store dispatches all land")
    func registrationWhileDispatching() async {
        let registry = ReducerRegistry()
        let store = makeRoutingStore(registry)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<100 {
                    registry.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout AppState) in
                        state.count += 1
                    })
                }
            }
            group.addTask {
                for _ in 0..<2_000 { store.dispatch(Increment()) }
            }
        }
        let before = store.state.count
        await store.dispatch(Increment())
        #expect(store.state.count - before == 100)
    }

    @Test("a class action routes by its dynamic type, also when stored as its superclass")
    func classActionsRouteByDynamicType() {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, _: Navigate, state: inout AppState) in state.count += 1 })
        registry.addReduceFunction(reduceFunction: { (_, _: OpenSettings, state: inout AppState) in
            state.count += 100
        })
        let store = makeRoutingStore(registry)
        let asBase: Navigate = OpenSettings()
        store.dispatch(Navigate())
        store.dispatch(asBase)
        store.dispatch(Navigate())
        store.dispatch(OpenSettings())
        #expect(store.state.count == 1 + 101 + 1 + 101)
    }

    @Test("a reducer for a protocol existential runs for every conforming action through a store")
    func protocolExistentialThroughStore() {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, _: any Reset, state: inout AppState) in state.count = 0 })
        registry.addReduceFunction(reduceFunction: { (_, _: any Reset, state: inout Settings) in
            state.title = "untitled"
        })
        registry.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            state.count += action.by
        })
        registry.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
            state.title = action.title
        })
        let store = makeRoutingStore(registry)
        store.dispatch(Increment(by: 3))
        store.dispatch(SetTitle(title: "a"))
        store.dispatch(ResetCount())
        #expect(store.state.count == 0)
        #expect(store.state.settings.title == "untitled")
        store.dispatch(Increment(by: 2))
        store.dispatch(ResetTitle())
        #expect(store.state.count == 0)
    }

    @Test("a provider that a reducer hands to another thread still routes there")
    func providerUsedFromAnotherThread() async {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
            state.title = action.title
        })
        registry.addReduceFunction(reduceFunction: { (provider, action: ReduceElsewhere, _: inout AppState) in
            DispatchQueue.global().async {
                var settings = Settings()
                provider.reduce(SetTitle(title: "elsewhere"), &settings)
                action.done(settings)
            }
        })
        let store = makeRoutingStore(registry)
        let settings = await withCheckedContinuation { (continuation: CheckedContinuation<Settings, Never>) in
            store.dispatch(ReduceElsewhere { continuation.resume(returning: $0) })
            for _ in 0..<1_000 { store.dispatch(SetTitle(title: "here")) }
        }
        #expect(settings.title == "elsewhere")
        #expect(store.state.settings.title == "here")
    }

    @Test("a reducer that dispatches to a second, idle store: both stores route their own actions")
    func nestedStores() {
        let inner = makeRoutingStore(ReducerRegistry())
        inner.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            state.count += action.by * 1_000
        })
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            inner.dispatch(Increment(by: action.by))
            state.count += action.by
        })
        registry.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout Settings) in
            state.title = "\(action.by)"
        })
        let outer = makeRoutingStore(registry)
        outer.dispatch(Increment(by: 2))
        outer.dispatch(Increment(by: 3))
        #expect(outer.state.count == 5)
        #expect(outer.state.settings.title == "3")
        #expect(inner.state.count == 5_000)
    }

    @Test("sub-states behind stored and computed properties are reduced in order, then the root")
    func storedAndComputedSubstates() {
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
            state.title += action.title
        })
        registry.addReduceFunction(reduceFunction: { (_, _: SetTitle, state: inout AppState) in
            state.history.append(state.settings.title.count)
        })
        let store = Store(
            initialState: AppState(),
            appReducer: reduceSubstates(Substate(\.settings), Substate(\.computedSettings)),
            reducerContainer: registry)
        for _ in 0..<3 { store.dispatch(SetTitle(title: "-")) }
        #expect(store.state.settings.title == "untitled------")
        #expect(store.state.history == [10, 12, 14])
    }

    @Test("an action that only memoised routes handle is not reported; one that none handles is")
    func unhandledDetectionWithMemoisedRoutes() {
        let issues = IssueCollector()
        let registry = ReducerRegistry()
        registry.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
            state.title = action.title
        })
        let store = makeRoutingStore(registry, issues: issues)
        for title in ["a", "b", "c"] { store.dispatch(SetTitle(title: title)) }
        store.dispatch(Unknown())
        store.dispatch(Unknown())
        #expect(issues.kinds == [.unhandledAction, .unhandledAction])
        #expect(store.state.settings.title == "c")
    }
}
