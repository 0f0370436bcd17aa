import MultiRedux
import ReduxTesting
import ReduxUI
import TestHelpers
import Testing

/// A counter screen, written for its own state.
private struct Counter: BindableState, Equatable {
    var count = 0
    var label = ""

    static var bindableFields: [AnyKeyPath & Sendable] { [\Counter.label] }
}

/// A note screen that loads its text after a pause.
private struct Note: State, Equatable {
    var text = ""
    var isLoading = false
}

private enum CounterAction: Action, Equatable {
    case increment
    case countLater
}

private struct LoadNote: Action, Equatable {}

/// The kinds of screen of the stack; two cases hold a `Counter`.
private enum Screen: Equatable, Sendable {
    case counter(Counter)
    case note(Note)
    case spare(Counter)
}

private struct App: State, Equatable {
    var path = StackState<Screen>()
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct CounterFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: Counter.self)
        container.addAsyncReduceFunction {
            (provider, action: CounterAction, counter: inout Counter) -> Effect<Counter> in
            switch action {
            case .increment:
                counter.count += 1
                return .none
            case .countLater:
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.update { $0.count += 100 }
                }
            }
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct NoteFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, _: LoadNote, note: inout Note) -> Effect<Note> in
            note.isLoading = true
            let clock = provider.dependencies.clock
            return .run { effect in
                try await clock.sleep(for: .seconds(5))
                effect.update {
                    $0.text = "loaded"
                    $0.isLoading = false
                }
            }
        }
    }
}

/// Back from a screen: it and the screens above it leave.
private struct Back: Action, Equatable {
    var id: StackElementID
}

private struct AppFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, back: Back, app: inout App) in app.path.pop(from: back.id) }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private var features: [PlacedFeature<App>] {
    [
        AppFeature().at(\.self), CounterFeature().forEach(\.path, case: Screen.counter),
        NoteFeature().forEach(\.path, case: Screen.note),
    ]
}

private func app() -> App {
    App(path: StackState([.counter(Counter()), .note(Note()), .spare(Counter())]))
}

/// Starts the counter screen's work and the note screen's, has `end` end the note's, and checks
/// that the counter's lands all the same and nothing else does.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private func noteWorkEnds(by end: (TestStore<App>, StackElementID) async -> Void) async {
    let clock = TestClock()
    let store = TestStore(initialState: app(), features: features, dependencies: .testing { $0.clock = clock })
    let (counter, note) = (store.state.path.ids[0], store.state.path.ids[1])
    await store.send(CounterAction.countLater, to: \.path, id: counter)
    await store.send(LoadNote(), to: \.path, id: note) { $0.path[id: note] = .note(Note(isLoading: true)) }
    await end(store, note)
    await clock.advance(by: .seconds(5))
    await store.receive(Counter.self) { $0.path[id: counter] = .counter(Counter(count: 100)) }
    await store.finish()
}

/// Features placed at the elements of one case of a stack whose screens are of several kinds.
@Suite(.testStoreTimeout(.seconds(120))) struct ForEachCasePlacementTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an action sent to an element reaches the feature of its case only, never another case's value")
    func eachCaseItsFeature() async {
        let store = TestStore(initialState: app(), features: features)
        let counter = store.state.path.ids[0]
        await store.send(CounterAction.increment, to: \.path, id: counter) {
            $0.path[id: counter] = .counter(Counter(count: 1))
        }
        await store.send(BindingAction<Counter>.set(\.label, "one"), to: \.path, id: counter) {
            $0.path[id: counter] = .counter(Counter(count: 1, label: "one"))
        }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an element of another case, even one holding the same type, is not reduced by the feature")
    func otherCasesAreLeftAlone() {
        let issues = IssueCollector()
        let store = Store(initialState: app(), features: features, issueReporter: issues.reporter)
        let (note, spare) = (store.state.path.ids[1], store.state.path.ids[2])
        store.dispatch(CounterAction.increment, to: \.path, id: spare)
        store.dispatch(CounterAction.increment, to: \.path, id: note)
        #expect(store.state == app())
        #expect(issues.kinds == [.unhandledAction, .unhandledAction])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen's work runs on while a screen of another kind changes")
    func workOfEachKindRunsOn() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: app(), features: features, dependencies: .testing { $0.clock = clock })
        let (counter, note) = (store.state.path.ids[0], store.state.path.ids[1])
        await store.send(LoadNote(), to: \.path, id: note) { $0.path[id: note] = .note(Note(isLoading: true)) }
        await store.send(CounterAction.increment, to: \.path, id: counter) {
            $0.path[id: counter] = .counter(Counter(count: 1))
        }
        await clock.advance(by: .seconds(5))
        await store.receive(Note.self) { $0.path[id: note] = .note(Note(text: "loaded")) }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("popping a screen of one kind ends its work, and leaves the work of a screen of another kind")
    func poppingEndsItsOwnWorkOnly() async {
        await noteWorkEnds { store, note in await store.send(Back(id: note)) { $0.path.pop(from: note) } }
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("removing one case's feature removes its reducers and ends its work; another case's at the same stack stays")
    func removingOneCaseFeature() async {
        // Placed after the counter's feature at the same key path: its own slot, not the first one there.
        await noteWorkEnds { store, _ in store.store.remove(NoteFeature().forEach(\.path, case: Screen.note)) }

        let issues = IssueCollector()
        let plain = Store(initialState: app(), features: features, issueReporter: issues.reporter)
        plain.remove(NoteFeature().forEach(\.path, case: Screen.note))
        plain.dispatch(LoadNote(), to: \.path, id: plain.state.path.ids[1])
        plain.dispatch(CounterAction.increment, to: \.path, id: plain.state.path.ids[0])
        #expect(plain.state.path[id: plain.state.path.ids[1]] == .note(Note()))
        #expect(plain.state.path[id: plain.state.path.ids[0]] == .counter(Counter(count: 1)))
        #expect(issues.kinds == [.unhandledAction])

        plain.remove(NoteFeature().forEach(\.path, case: Screen.note))
        #expect(issues.kinds == [.unhandledAction, .misuse], "removed twice: it is no longer placed there")
    }
}

#if canImport(Observation)
    extension ForEachCasePlacementTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @MainActor
        @Test("a screen's scope gives its case's scope; a write through it is the case's own, applied to that screen")
        func caseScopeOfAScreen() throws {
            let store = Store(
                initialState: app(), features: features, issueReporter: .failingTest(), dependencies: .testing())
            let root = store.scope(\.self)
            let ids = store.state.path.ids
            let counterScreen = try #require(root.scope(\.path, id: ids[0]))
            let counter = try #require(counterScreen.scope(case: Screen.counter))
            #expect(counterScreen.scope(case: Screen.spare) == nil)
            #expect(try #require(root.scope(\.path, id: ids[2])).scope(case: Screen.counter) == nil)

            counter.label = "first"  // what TextField(text: $counter.label) writes

            #expect(store.state.path[id: ids[0]] == .counter(Counter(label: "first")))
            #expect(counter.label == "first")
        }
    }
#endif
