import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

/// A screen of a stack, written for its own state only: its module never names the app's state.
private struct Screen: State, Equatable {
    var title: String
    var count = 0
    var notes: String?
    var isLoading = false
}

private enum ScreenAction: Action, Equatable {
    case increment
    case load
    case loaded
    case delegate(Delegate)

    enum Delegate: Equatable {
        case closeRequested
    }
}

private enum ScreenEffect: Hashable, Sendable {
    case load
}

/// Loads a screen's notes after a pause, then says so with a follow-up action.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct ScreenFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: ScreenAction, screen: inout Screen) -> Effect<Screen> in
            switch action {
            case .increment:
                screen.count += 1
                return .none
            case .load:
                screen.isLoading = true
                let (clock, title) = (provider.dependencies.clock, screen.title)
                return .run(id: ScreenEffect.load, cancelInFlight: true) { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.update {
                        $0.notes = "notes of \(title)"
                        $0.isLoading = false
                    }
                    effect.send(ScreenAction.loaded)
                }
            case .loaded:
                screen.count += 10
                return .none
            case .delegate:
                return .none
            }
        }
    }
}

private struct Navigation: State, Equatable {
    var path = StackState<Screen>()
    var closed: [String] = []
}

private struct PopScreen: Action {}

/// The parent: hears the screens' delegate actions, and pops the top screen.
private struct NavigationFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: ScreenAction, state: inout Navigation) in
            guard case .delegate(.closeRequested) = action, let top = state.path.last else { return }
            state.closed.append(top.title)
        }
        container.addReduceFunction { (_, _: PopScreen, state: inout Navigation) in
            _ = state.path.popLast()
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private func navigation(_ titles: [String]) -> Navigation {
    Navigation(path: StackState(titles.map { Screen(title: $0) }))
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private var features: [PlacedFeature<Navigation>] {
    [NavigationFeature().at(\.self), ScreenFeature().forEach(\.path)]
}

/// A feature placed at each element of a stack: addressed by the sender, its effects returning to
/// the element, and ending when it leaves.
@Suite(.testStoreTimeout(.seconds(120))) struct ForEachPlacementTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an action sent to an element reduces that element only, with no id in the action")
    func reducesTheAddressedElement() {
        let store = Store(initialState: navigation(["A", "B"]), features: features)
        let (first, second) = (store.state.path.ids[0], store.state.path.ids[1])
        store.dispatch(ScreenAction.increment, to: \.path, id: second)
        store.dispatch(ScreenAction.increment, to: \.path, id: second)
        store.dispatch(ScreenAction.increment, to: \.path, id: first)
        #expect(store.state.path.map(\.count) == [1, 2])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an action addressed to no element, or to one that is gone, reduces no element")
    func unaddressedReducesNoElement() {
        let store = Store(initialState: navigation(["A"]), features: features, issueReporter: .ignoring)
        store.dispatch(ScreenAction.increment)
        store.dispatch(ScreenAction.increment, to: \.path, id: 99)
        #expect(store.state.path.map(\.count) == [0])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an element's effect updates its element, and its follow-up action returns to that element")
    func effectsReturnToTheirElement() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: navigation(["A", "B"]), features: features, dependencies: .testing { $0.clock = clock })
        let second = store.state.path.ids[1]
        await store.send(ScreenAction.load, to: \.path, id: second) { $0.path[id: second]?.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(Screen.self) {
            $0.path[id: second]?.notes = "notes of B"
            $0.path[id: second]?.isLoading = false
        }
        await store.receive(ScreenAction.loaded) { $0.path[id: second]?.count = 10 }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the same effect id in two elements runs twice: an id is scoped to its element")
    func idsAreScopedToTheElement() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: navigation(["A", "B"]), features: features, dependencies: .testing { $0.clock = clock },
            exhaustivity: .off)
        let (first, second) = (store.state.path.ids[0], store.state.path.ids[1])
        await store.send(ScreenAction.load, to: \.path, id: first)
        await store.send(ScreenAction.load, to: \.path, id: second)
        await clock.advance(by: .seconds(1))
        await store.finish()
        #expect(store.state.path.map(\.notes) == ["notes of A", "notes of B"])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an element's effects end when it leaves, whoever removes it: here a parent's pop")
    func leavingCancelsTheElementsWork() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: navigation(["A", "B"]), features: features, dependencies: .testing { $0.clock = clock })
        let (first, second) = (store.state.path.ids[0], store.state.path.ids[1])
        await store.send(ScreenAction.load, to: \.path, id: first) { $0.path[id: first]?.isLoading = true }
        await store.send(ScreenAction.load, to: \.path, id: second) { $0.path[id: second]?.isLoading = true }
        await store.send(PopScreen()) { _ = $0.path.popLast() }
        await clock.advance(by: .seconds(1))
        // Only the first screen's work went on; the popped screen's was cancelled, nothing of it arrives.
        await store.receive(Screen.self) {
            $0.path[id: first]?.notes = "notes of A"
            $0.path[id: first]?.isLoading = false
        }
        await store.receive(ScreenAction.loaded) { $0.path[id: first]?.count = 10 }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the parent's features see an element's actions: a delegate action reaches the parent")
    func parentSeesDelegateActions() {
        let store = Store(initialState: navigation(["A", "B"]), features: features)
        store.dispatch(ScreenAction.delegate(.closeRequested), to: \.path, id: store.state.path.ids[1])
        #expect(store.state.closed == ["B"])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the feature placed at each element is tested alone, as it ships, with its element as the root")
    func featureTestedAlone() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: Screen(title: "A"), features: [ScreenFeature().at(\.self)],
            dependencies: .testing { $0.clock = clock })
        await store.send(ScreenAction.load) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(Screen.self) {
            $0.notes = "notes of A"
            $0.isLoading = false
        }
        await store.receive(ScreenAction.loaded) { $0.count = 10 }
        await store.finish()
    }

    @MainActor
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an action sent from an element's scope is addressed to that element, and awaited")
    func scopeAddressesItsElement() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let store = Store(
            initialState: navigation(["A", "B"]), features: features,
            dependencies: .testing { $0.clock = ImmediateClock() })
        let root = store.scope(\.self)
        let screens = root.scope(each: \.path)
        screens[1].dispatch(ScreenAction.increment)
        #expect(store.state.path.map(\.count) == [0, 1])
        await screens[0].dispatchAndWait(ScreenAction.load)
        #expect(store.state.path.map(\.notes) == ["notes of A", nil])
        #expect(store.state.path.map(\.count) == [10, 1])
    }
}
