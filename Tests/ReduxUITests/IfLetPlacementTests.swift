import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

/// A sheet's form, written for its own state only.
private struct Form: State, Equatable {
    var name = ""
    var isSaving = false
}

private enum FormAction: Action, Equatable {
    case typed(String)
    case saveTapped
    case cancelTapped
}

/// Saves after a pause, then dismisses itself; cancel dismisses at once.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct FormFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: FormAction, form: inout Form) -> Effect<Form> in
            switch action {
            case .typed(let name):
                form.name = name
                return .none
            case .saveTapped:
                form.isSaving = true
                let clock = provider.dependencies.clock
                return .run { effect in
                    try await clock.sleep(for: .seconds(1))
                    effect.dismiss()
                }
            case .cancelTapped:
                return .dismiss
            }
        }
    }
}

private struct Sheet: State, Equatable {
    var form: Form?
    var opened = 0
}

private struct OpenForm: Action {}
private struct CloseForm: Action {}

private struct SheetFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: OpenForm, sheet: inout Sheet) in
            sheet.form = Form()
            sheet.opened += 1
        }
        container.addReduceFunction { (_, _: CloseForm, sheet: inout Sheet) in sheet.form = nil }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private var features: [PlacedFeature<Sheet>] {
    [SheetFeature().at(\.self), FormFeature().ifLet(\.form)]
}

/// A feature placed at an optional child, and a child that dismisses itself.
@Suite(.testStoreTimeout(.seconds(120))) struct IfLetPlacementTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a feature at an optional child reduces the child while it is there, and nothing once it is nil")
    func reducesTheChildWhileThere() {
        let store = Store(initialState: Sheet(), features: features, issueReporter: .ignoring)
        store.dispatch(FormAction.typed("lost"))
        #expect(store.state.form == nil)
        store.dispatch(OpenForm())
        store.dispatch(FormAction.typed("Ada"))
        #expect(store.state.form?.name == "Ada")
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a child dismisses itself with .dismiss: the test receives Dismissal and the child is nil")
    func dismissFromAReducer() async {
        let store = TestStore(initialState: Sheet(form: Form(), opened: 1), features: features)
        await store.send(FormAction.cancelTapped)
        await store.receive(Dismissal()) { $0.form = nil }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a child dismisses itself from its effect's work, after the work is done")
    func dismissFromAnEffect() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: Sheet(form: Form(), opened: 1), features: features,
            dependencies: .testing { $0.clock = clock })
        await store.send(FormAction.saveTapped) { $0.form?.isSaving = true }
        await clock.advance(by: .seconds(1))
        await store.receive(Dismissal()) { $0.form = nil }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a child's effects end when the parent sets it to nil")
    func closingCancelsTheChildsWork() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: Sheet(form: Form(), opened: 1), features: features,
            dependencies: .testing { $0.clock = clock })
        await store.send(FormAction.saveTapped) { $0.form?.isSaving = true }
        await store.send(CloseForm()) { $0.form = nil }
        await clock.advance(by: .seconds(1))
        // The save's work was cancelled with its child: no Dismissal arrives, none is running.
        await store.finish()
        #expect(store.state.opened == 1)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen of a stack dismisses itself: the stack pops from it")
    func stackScreenDismissesItself() async {
        let store = TestStore(
            initialState: Pile(screens: StackState([Form(name: "1"), Form(name: "2"), Form(name: "3")])),
            features: [FormFeature().forEach(\.screens)])
        let second = store.state.screens.ids[1]
        await store.send(FormAction.cancelTapped, to: \.screens, id: second)
        await store.receive(Dismissal()) { $0.screens.pop(from: second) }
        #expect(store.state.screens.map(\.name) == ["1"])
        await store.finish()
    }

    @Test("a Dismissal sent by a feature placed at a part removes nothing from the state")
    func dismissalElsewhereDismissesNothing() {
        let store = Store(initialState: Sheet(form: Form(), opened: 1), features: [SheetFeature().at(\.self)])
        store.dispatch(Dismissal())
        #expect(store.state.form == Form())
    }
}

private struct Pile: State, Equatable {
    var screens: StackState<Form>
}

/// A screen with a timer, tested alone: its state is the root.
private struct Timer: State, Equatable {
    var ticks = 0
    var rows: IdentifiedArray<Int, Row> = [Row(id: 1)]
}

private struct Row: State, Equatable, Identifiable {
    var id: Int
}

private enum TimerAction: Action, Equatable {
    case start
    case close
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct TimerFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: TimerAction, _: inout Timer) -> Effect<Timer> in
            switch action {
            case .start:
                let clock = provider.dependencies.clock
                return .run { effect in
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        effect.update { $0.ticks += 1 }
                    }
                }
            case .close:
                return .dismiss
            }
        }
    }
}

private struct RowFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: TimerAction, _: inout Row) in }
    }
}

/// A screen's feature tested alone, as it ships: dismissing itself dismisses the root.
@Suite(.testStoreTimeout(.seconds(120))) struct RootDismissalTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test(
        "a screen tested alone that dismisses itself ends its work: the test receives Dismissal, and nothing runs after",
        arguments: [false, true])
    func rootDismissalEndsWork(withRows: Bool) async {
        let clock = TestClock()
        let features = [TimerFeature().at(\Timer.self)] + (withRows ? [RowFeature().forEach(\Timer.rows)] : [])
        let store = TestStore(initialState: Timer(), features: features, dependencies: .testing { $0.clock = clock })
        await store.send(TimerAction.start)
        await clock.advance(by: .seconds(1))
        await store.receive(Timer.self) { $0.ticks = 1 }
        await store.send(TimerAction.close)
        await store.receive(Dismissal())
        await clock.advance(by: .seconds(5))
        await store.finish()
        #expect(store.state.ticks == 1)
    }
}
