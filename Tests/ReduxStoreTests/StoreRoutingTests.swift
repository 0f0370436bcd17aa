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

/// A store built from `features` (settings features, by default none), whose root reducers are
/// registered afterwards through `store.reducerContainer`.
private func makeRoutingStore(
    settings features: [any LogicFeature] = [], issues: IssueCollector? = nil
) -> Store<AppState> {
    Store(
        initialState: AppState(), features: features.map { $0.at(\.settings) },
        issueReporter: issues?.reporter ?? .default)
}

@Suite struct StoreRoutingTests {
    @Test("a reducer registered between dispatches runs from the next dispatch, on a sub-state and the root")
    func registrationBetweenDispatches() {
        let store = makeRoutingStore()
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout AppState) in
            state.count += 1
        })
        store.dispatch(Increment())
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout AppState) in
            state.count *= 10
        })
        store.add(
            InlineFeature { container in
                container.addReduceFunction(reduceFunction: { (_, _: Increment, state: inout Settings) in
                    state.title += "!"
                })
            }.at(\.settings))
        store.dispatch(Increment())
        #expect(store.state.count == 20)
        #expect(store.state.settings.title == "untitled!")
    }

    @Test("reducers registered from another thread while a store dispatches all land")
    func registrationWhileDispatching() async {
        let store = makeRoutingStore()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<100 {
                    store.reducerContainer.addReduceFunction(reduceFunction: {
                        (_, _: Increment, state: inout AppState) in
                        state.count += 1
                    })
                }
            }
            group.addTask {
                for _ in 0..<2_000 { store.dispatch(Increment()) }
            }
        }
        let before = store.state.count
        await store.dispatchAndWait(Increment())
        #expect(store.state.count - before == 100)
    }

    @Test("a class action routes by its dynamic type, also when stored as its superclass")
    func classActionsRouteByDynamicType() {
        let store = Store(initialState: AppState()) { reducers in
            reducers.addReduceFunction(reduceFunction: { (_, _: Navigate, state: inout AppState) in state.count += 1 })
            reducers.addReduceFunction(reduceFunction: { (_, _: OpenSettings, state: inout AppState) in
                state.count += 100
            })
        }
        let asBase: Navigate = OpenSettings()
        store.dispatch(Navigate())
        store.dispatch(asBase)
        store.dispatch(Navigate())
        store.dispatch(OpenSettings())
        #expect(store.state.count == 1 + 101 + 1 + 101)
    }

    @Test("a reducer for a protocol existential runs for every conforming action through a store")
    func protocolExistentialThroughStore() {
        let settings = InlineFeature { container in
            container.addReduceFunction(reduceFunction: { (_, _: any Reset, state: inout Settings) in
                state.title = "untitled"
            })
            container.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
                state.title = action.title
            })
        }
        let store = makeRoutingStore(settings: [settings])
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, _: any Reset, state: inout AppState) in
            state.count = 0
        })
        store.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            state.count += action.by
        })
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
        let store = Store(initialState: AppState()) { reducers in
            reducers.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout AppState) in
                state.settings.title = action.title
            })
            reducers.addReduceFunction(reduceFunction: { (provider, action: ReduceElsewhere, _: inout AppState) in
                DispatchQueue.global().async {
                    var elsewhere = AppState()
                    provider.reduce(SetTitle(title: "elsewhere"), &elsewhere)
                    action.done(elsewhere.settings)
                }
            })
        }
        let settings = await withCheckedContinuation { (continuation: CheckedContinuation<Settings, Never>) in
            store.dispatch(ReduceElsewhere { continuation.resume(returning: $0) })
            for _ in 0..<1_000 { store.dispatch(SetTitle(title: "here")) }
        }
        #expect(settings.title == "elsewhere")
        #expect(store.state.settings.title == "here")
    }

    @Test("a reducer that dispatches to a second, idle store: both stores route their own actions")
    func nestedStores() {
        let inner = makeRoutingStore()
        inner.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            state.count += action.by * 1_000
        })
        let settings = InlineFeature { container in
            container.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout Settings) in
                state.title = "\(action.by)"
            })
        }
        let outer = makeRoutingStore(settings: [settings])
        outer.reducerContainer.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            inner.dispatch(Increment(by: action.by))
            state.count += action.by
        })
        outer.dispatch(Increment(by: 2))
        outer.dispatch(Increment(by: 3))
        #expect(outer.state.count == 5)
        #expect(outer.state.settings.title == "3")
        #expect(inner.state.count == 5_000)
    }

    @Test("features placed at stored and computed properties are reduced in order, then the root")
    func storedAndComputedPlacements() {
        let appendTitle = InlineFeature { container in
            container.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
                state.title += action.title
            })
        }
        let store = Store(
            initialState: AppState(), features: [appendTitle.at(\.settings), appendTitle.at(\.computedSettings)]
        ) { reducers in
            reducers.addReduceFunction(reduceFunction: { (_, _: SetTitle, state: inout AppState) in
                state.history.append(state.settings.title.count)
            })
        }
        for _ in 0..<3 { store.dispatch(SetTitle(title: "-")) }
        #expect(store.state.settings.title == "untitled------")
        #expect(store.state.history == [10, 12, 14])
    }

    @Test("reduceSubstates (compatibility): stored and computed sub-states in order, then the root, by type")
    func reduceSubstatesStoredAndComputed() {
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
        let store = makeRoutingStore(settings: [SettingsFeature()], issues: issues)
        for title in ["a", "b", "c"] { store.dispatch(SetTitle(title: title)) }
        store.dispatch(Unknown())
        store.dispatch(Unknown())
        #expect(issues.kinds == [.unhandledAction, .unhandledAction])
        #expect(store.state.settings.title == "c")
    }
}
