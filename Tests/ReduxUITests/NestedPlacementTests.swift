import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

private struct Row: State, Equatable, Identifiable {
    var id: Int
    var done = false
}

private struct NoteForm: State, Equatable {
    var text = ""
    var isSaving = false
    var rows: IdentifiedArray<Int, Row> = []
}

private enum EditorDestination: Equatable, Sendable {
    case note(NoteForm)
    case other(NoteForm)  // a second case with the same value type
}

/// A screen of the stack: its own rows, and a note it presents.
private struct Editor: State, Equatable {
    var title: String
    var rows: IdentifiedArray<Int, Row> = []
    var destination: EditorDestination?
}

private struct App: State, Equatable {
    var path = StackState<Editor>()
    /// A note presented over the stack, at the root.
    var sheet: NoteForm?
}

private enum NoteAction: Action, Equatable {
    case typed(String)
    case save
}

private struct Toggle: Action, Equatable {}

/// The screen's own actions.
private enum EditorAction: Action, Equatable {
    case addNote
    case closeNote
}
private struct PopAll: Action, Equatable {}

/// A row's own actions that start work: removing itself, toggling after a second.
private enum RowAction: Action, Equatable {
    case remove
    case toggleLater
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct RowFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Toggle, row: inout Row) in row.done.toggle() }
        container.addAsyncReduceFunction { (provider, action: RowAction, _: inout Row) -> Effect<Row> in
            switch action {
            case .remove:
                return .dismiss
            case .toggleLater:
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.update { $0.done.toggle() }
                }
            }
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct NoteFormFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: NoteAction, form: inout NoteForm) -> Effect<NoteForm> in
            switch action {
            case .typed(let text):
                form.text = text
                return .none
            case .save:
                form.isSaving = true
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.update { $0.isSaving = false }
                    effect.dismiss()
                }
            }
        }
    }
}

private struct EditorFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: EditorAction, editor: inout Editor) in
            switch action {
            case .addNote: editor.destination = .note(NoteForm(rows: [Row(id: 1), Row(id: 2)]))
            case .closeNote: editor.destination = nil
            }
        }
    }
}

private struct AppFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: PopAll, app: inout App) in app.path.removeAll() }
    }
}

extension NoteForm {
    /// The note's features, placed in the note's own state: what its own tests run.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    fileprivate static var features: [PlacedFeature<NoteForm>] {
        [NoteFormFeature().at(\.self), RowFeature().forEach(\.rows)]
    }
}

extension Editor {
    /// The screen's features, its note's included, placed in the screen's own state.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    fileprivate static var features: [PlacedFeature<Editor>] {
        [EditorFeature().at(\.self), RowFeature().forEach(\.rows)]
            + NoteForm.features.map { $0.ifLet(\.destination, case: EditorDestination.note) }
    }
}

extension App {
    /// The app: the screen's features at every screen of the stack.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    fileprivate static var features: [PlacedFeature<App>] {
        [AppFeature().at(\.self)] + Editor.features.map { $0.forEach(\.path) }
            + NoteForm.features.map { $0.ifLet(\.sheet) }
    }
}

/// Two screens, each with two rows and a note with two rows.
private func twoScreens() -> App {
    var app = App(sheet: NoteForm())
    for title in ["First", "Second"] {
        app.path.append(
            Editor(
                title: title, rows: [Row(id: 1), Row(id: 2)],
                destination: .note(NoteForm(rows: [Row(id: 1), Row(id: 2)]))))
    }
    return app
}

/// A screen's features, its presented note's and the rows of both, placed at every screen of a
/// stack as one list.
@Suite(.testStoreTimeout(.seconds(120))) struct NestedPlacementTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an action addressed to a screen reaches the note that screen presents, not another screen's, not the root's")
    func noteOfTheAddressedScreen() {
        let store = Store(initialState: twoScreens(), features: App.features, issueReporter: .ignoring)
        let (first, second) = (store.state.path.ids[0], store.state.path.ids[1])
        store.dispatch(NoteAction.typed("Hello"), to: \.path, id: second)
        #expect(
            store.state.path[id: second]?.destination == .note(NoteForm(text: "Hello", rows: [Row(id: 1), Row(id: 2)])))
        #expect(store.state.path[id: first]?.destination == .note(NoteForm(rows: [Row(id: 1), Row(id: 2)])))
        #expect(store.state.sheet == NoteForm())  // the root's note is beside the screen: it hears none of it
        store.dispatch(NoteAction.typed("Unaddressed"))  // sent from the root: the root's note, no screen's
        var expected = twoScreens()
        expected.path[id: second]?.destination = .note(NoteForm(text: "Hello", rows: [Row(id: 1), Row(id: 2)]))
        expected.sheet = NoteForm(text: "Unaddressed")
        #expect(store.state == expected)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a note of another case than the one its features are placed at is not reduced")
    func otherCaseNotReduced() {
        var app = App()
        let screen = app.path.append(Editor(title: "Only", destination: .other(NoteForm())))
        let store = Store(initialState: app, features: App.features, issueReporter: .ignoring)
        store.dispatch(NoteAction.typed("Hello"), to: \.path, id: screen)
        #expect(store.state.path[id: screen]?.destination == .other(NoteForm()))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a note's effect updates that note, and its dismissal closes the note, not the screen")
    func noteEffectUpdatesAndDismissesTheNote() async {
        let clock = TestClock()
        let start = twoScreens()
        let second = start.path.ids[1]
        let store = TestStore(initialState: start, features: App.features, dependencies: .testing { $0.clock = clock })
        await store.send(NoteAction.save, to: \.path, id: second) {
            $0.path[id: second]?.destination = .note(NoteForm(isSaving: true, rows: [Row(id: 1), Row(id: 2)]))
        }
        await clock.advance(by: .seconds(1))
        await store.receive(NoteForm.self) {
            $0.path[id: second]?.destination = .note(NoteForm(rows: [Row(id: 1), Row(id: 2)]))
        }
        await store.receive(Dismissal()) { $0.path[id: second]?.destination = nil }
        await store.finish()
        #expect(store.state.path.ids.count == 2)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("popping a screen ends the work of the note it presents")
    func poppingEndsTheNotesWork() async {
        let clock = TestClock()
        let start = twoScreens()
        let second = start.path.ids[1]
        let store = TestStore(initialState: start, features: App.features, dependencies: .testing { $0.clock = clock })
        await store.send(NoteAction.save, to: \.path, id: second) {
            $0.path[id: second]?.destination = .note(NoteForm(isSaving: true, rows: [Row(id: 1), Row(id: 2)]))
        }
        await store.send(PopAll()) { $0.path.removeAll() }
        await clock.advance(by: .seconds(1))
        await store.finish()  // the save was cancelled with its screen: nothing arrives
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a typed test store sends a step from a row of a screen's note, and from the note, as their scopes do")
    func typedStepsFromInside() async {
        let clock = TestClock()
        var start = twoScreens()
        let (first, second) = (start.path.ids[0], start.path.ids[1])
        start.path[id: first]?.destination = nil
        let store = FeatureTestStore(
            initialState: start, features: App.features, dependencies: .testing { $0.clock = clock },
            actions: PopAll.self)
        let note = store.scope(\.path, id: second, actions: EditorAction.self)
            .scope(\Editor.destination, actions: NoteAction.self)
        let row = note.scope(\NoteForm.rows, id: 1, actions: Toggle.self)
        await row.send(Toggle()) {
            $0.path[id: second]?.destination = .note(NoteForm(rows: [Row(id: 1, done: true), Row(id: 2)]))
        }
        await note.send(.save) {
            $0.path[id: second]?.destination = .note(
                NoteForm(isSaving: true, rows: [Row(id: 1, done: true), Row(id: 2)]))
        }
        await store.scope(\.path, id: first, actions: EditorAction.self).send(.addNote) {
            $0.path[id: first]?.destination = .note(NoteForm(rows: [Row(id: 1), Row(id: 2)]))
        }
        await store.send(PopAll()) { $0.path.removeAll() }  // the screens leave: the note's save ends
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a row three levels down dismisses itself: that row of that note of that screen leaves, nothing above it")
    func rowDismissesItself() async {
        let start = twoScreens()
        let first = start.path.ids[0]
        let store = FeatureTestStore(initialState: start, features: App.features, actions: PopAll.self)
        let row = store.scope(\.path, id: first, actions: EditorAction.self)
            .scope(\Editor.destination, actions: NoteAction.self)
            .scope(\NoteForm.rows, id: 1, actions: RowAction.self)
        await row.send(.remove)
        await store.receive(Dismissal()) { $0.path[id: first]?.destination = .note(NoteForm(rows: [Row(id: 2)])) }
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a row's work updates that row, and ends when the note around it closes, whoever closed it")
    func rowWorkEndsWithItsNote() async {
        let clock = TestClock()
        let start = twoScreens()
        let first = start.path.ids[0]
        let store = FeatureTestStore(
            initialState: start, features: App.features, dependencies: .testing { $0.clock = clock },
            actions: PopAll.self)
        let screen = store.scope(\.path, id: first, actions: EditorAction.self)
        let row = screen.scope(\Editor.destination, actions: NoteAction.self)
            .scope(\NoteForm.rows, id: 2, actions: RowAction.self)
        await row.send(.toggleLater)
        await clock.advance(by: .seconds(1))
        await store.receive(Row.self) {
            $0.path[id: first]?.destination = .note(NoteForm(rows: [Row(id: 1), Row(id: 2, done: true)]))
        }
        await row.send(.toggleLater)
        await screen.send(.closeNote) { $0.path[id: first]?.destination = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()  // the note left: its row's work was cancelled
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the note's features, tested alone with the note as the root, are the ones the app places")
    func noteAlone() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: NoteForm(rows: [Row(id: 1)]), features: NoteForm.features,
            dependencies: .testing { $0.clock = clock })
        await store.send(NoteAction.typed("Hi")) { $0.text = "Hi" }
        await store.send(Toggle(), to: \.rows, id: 1) { $0.rows[id: 1]?.done = true }
    }
}

#if canImport(Observation)
    @MainActor
    @Suite struct NestedPlacementScopeTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a row's scope inside a screen addresses that row of that screen, and no row of another")
        func rowOfAScreen() throws {
            let store = Store(initialState: twoScreens(), features: App.features, issueReporter: .ignoring)
            let second = store.state.path.ids[1]
            let screen = try #require(store.scope(\.self).scope(\.path, id: second))
            let row = try #require(screen.scope(\.rows, id: 2))
            row.dispatch(Toggle())
            var expected = twoScreens()
            expected.path[id: second]?.rows[id: 2]?.done = true
            #expect(store.state == expected)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a row's scope inside a screen's presented note addresses that row of that note")
        func rowOfAScreensNote() throws {
            let store = Store(initialState: twoScreens(), features: App.features, issueReporter: .ignoring)
            let first = store.state.path.ids[0]
            let screen = try #require(store.scope(\.self).scope(\.path, id: first))
            let note = try #require(screen.scope(\.destination, case: EditorDestination.note))
            let row = try #require(note.scope(\.rows, id: 1))
            row.dispatch(Toggle())
            note.dispatch(NoteAction.typed("From the note"))
            var expected = twoScreens()
            expected.path[id: first]?.destination = .note(
                NoteForm(text: "From the note", rows: [Row(id: 1, done: true), Row(id: 2)]))
            #expect(store.state == expected)
        }
    }
#endif
