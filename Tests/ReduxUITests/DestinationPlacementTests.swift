import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

private struct Editor: State, Equatable {
    var text = ""
    var isSaving = false
}

private struct Confirmation: State, Equatable {
    var message: String
    var answered = false
}

/// What the screen presents: one at a time.
private enum Destination: Equatable, Sendable {
    case edit(Editor)
    case confirm(Confirmation)
    case note(Confirmation)  // a second case with the same value type
}

private struct Screen: State, Equatable {
    var destination: Destination?
}

private enum EditorAction: Action, Equatable {
    case typed(String)
    case save
}

private struct Answer: Action {}
private struct AskToConfirm: Action {}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct EditorFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: EditorAction, editor: inout Editor) -> Effect<Editor> in
            switch action {
            case .typed(let text):
                editor.text = text
                return .none
            case .save:
                editor.isSaving = true
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.dismiss()
                }
            }
        }
    }
}

private struct ConfirmationFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Answer, confirmation: inout Confirmation) in confirmation.answered = true }
    }
}

private struct ScreenFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: AskToConfirm, screen: inout Screen) in
            screen.destination = .confirm(Confirmation(message: "Sure?"))
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private var features: [PlacedFeature<Screen>] {
    [
        ScreenFeature().at(\.self), EditorFeature().ifLet(\.destination, case: Destination.edit),
        ConfirmationFeature().ifLet(\.destination, case: Destination.confirm),
    ]
}

/// Features placed at the cases of an optional enum of destinations.
@Suite(.testStoreTimeout(.seconds(120))) struct DestinationPlacementTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a case's feature reduces the case's value while the destination is that case, and only then")
    func reducesTheActiveCase() {
        let store = Store(
            initialState: Screen(destination: .edit(Editor())), features: features, issueReporter: .ignoring)
        store.dispatch(EditorAction.typed("Hello"))
        store.dispatch(Answer())  // the confirmation is not shown: nothing answers
        #expect(store.state.destination == .edit(Editor(text: "Hello")))
        store.dispatch(AskToConfirm())
        store.dispatch(EditorAction.typed("lost"))  // the editor is not shown
        store.dispatch(Answer())
        #expect(store.state.destination == .confirm(Confirmation(message: "Sure?", answered: true)))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("another case with a value of the same type is not the placed case")
    func sameValueTypeOtherCase() {
        let store = Store(
            initialState: Screen(destination: .note(Confirmation(message: "A note"))), features: features,
            issueReporter: .ignoring)
        store.dispatch(Answer())
        #expect(store.state.destination == .note(Confirmation(message: "A note")))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a case's effects end when the destination becomes another case; a case dismisses itself")
    func effectsEndWithTheCase() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: Screen(destination: .edit(Editor())), features: features,
            dependencies: .testing { $0.clock = clock })
        await store.send(EditorAction.save) { $0.destination = .edit(Editor(isSaving: true)) }
        await store.send(AskToConfirm()) { $0.destination = .confirm(Confirmation(message: "Sure?")) }
        await clock.advance(by: .seconds(1))
        await store.finish()  // the save's work was cancelled: no Dismissal arrives

        let saving = TestStore(
            initialState: Screen(destination: .edit(Editor())), features: features,
            dependencies: .testing { $0.clock = clock })
        await saving.send(EditorAction.save) { $0.destination = .edit(Editor(isSaving: true)) }
        await clock.advance(by: .seconds(1))
        await saving.receive(Dismissal()) { $0.destination = nil }
        await saving.finish()
    }
}
