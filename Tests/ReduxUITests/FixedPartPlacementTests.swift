import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

private struct Item: State, Equatable, Identifiable {
    var id: Int
    var done = false
}

private struct ItemForm: State, Equatable {
    var name = ""
    var isSaving = false
}

private struct Limit: State, Equatable {
    var most = 2
}

/// A child with a sheet, rows and a part it reads: what an app places at a fixed part, twice.
private struct ItemList: State, Equatable {
    var items: IdentifiedArray<Int, Item> = []
    var addItem: ItemForm?
    var limit = Limit()
    var refused = 0
}

private struct App: State, Equatable {
    var list = ItemList()
    var archive = ItemList()
}

private enum ListAction: Action, Equatable {
    case addTapped
    case add(Int)
    case closeForm
    case done
}

private enum FormAction: Action, Equatable {
    case typed(String)
    case save
}

private struct Toggle: Action, Equatable {}

private struct ListFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: ListAction, _: inout ItemList) -> Effect<ItemList> in
            action == .done ? .dismiss : .none
        }
        container.addReduceFunction { (provider, action: ListAction, list: inout ItemList) in
            switch action {
            case .addTapped:
                list.addItem = ItemForm()
            case .closeForm:
                list.addItem = nil
            case .done:
                break
            case .add(let id):
                // Reads the limit it was placed reading, at its own list.
                guard list.items.count < (provider.read(Limit.self)?.most ?? 0) else { return list.refused += 1 }
                list.items.append(Item(id: id))
            }
        }
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct FormFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, action: FormAction, form: inout ItemForm) -> Effect<ItemForm> in
            switch action {
            case .typed(let name):
                form.name = name
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

private struct ItemFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Toggle, item: inout Item) in item.done.toggle() }
    }
}

extension ItemList {
    /// The list's features, placed in the list's own state: what its own tests run.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    fileprivate static var features: [PlacedFeature<ItemList>] {
        [ListFeature().at(\.self, reading: \.limit), FormFeature().ifLet(\.addItem), ItemFeature().forEach(\.items)]
    }
}

extension App {
    /// The app: the list's features at both of its lists.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    fileprivate static var features: [PlacedFeature<App>] {
        ItemList.features.map { $0.at(\.list) } + ItemList.features.map { $0.at(\.archive) }
    }
}

/// Two lists, each with two items and an open form.
private func twoLists() -> App {
    let list = ItemList(items: [Item(id: 1), Item(id: 2)], addItem: ItemForm())
    return App(list: list, archive: list)
}

/// A child's list of features, its sheet and rows included, placed at a fixed part of the app's
/// state with `PlacedFeature.at(_:)`.
@Suite(.testStoreTimeout(.seconds(120))) struct FixedPartPlacementTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the child's own feature runs at its part, reading the part it read in the child, at that child")
    func ownFeatureAtItsPart() {
        var start = twoLists()
        start.archive.limit = Limit(most: 3)
        let store = Store(initialState: start, features: App.features, issueReporter: .ignoring)
        store.dispatch(ListAction.add(3))
        #expect(store.state.list.items.ids == [1, 2])  // the list's limit, 2
        #expect(store.state.list.refused == 1)
        #expect(store.state.archive.items.ids == [1, 2, 3])  // the archive's, 3
        #expect(store.state.archive.refused == 0)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a step sent from one list's form reaches that form, not the other list's")
    func formOfTheSendingList() async {
        let store = FeatureTestStore(initialState: twoLists(), features: App.features, actions: ListAction.self)
        await store.scope(\App.list.addItem, actions: FormAction.self).send(.typed("Milk")) {
            $0.list.addItem?.name = "Milk"
        }
        await store.scope(\App.archive.addItem, actions: FormAction.self).send(.typed("Old")) {
            $0.archive.addItem?.name = "Old"
        }
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a row addressed in one list changes that row of that list")
    func rowOfTheAddressedList() {
        let store = Store(initialState: twoLists(), features: App.features, issueReporter: .ignoring)
        store.dispatch(Toggle(), to: \.archive.items, id: 2)
        var expected = twoLists()
        expected.archive.items[id: 2]?.done = true
        #expect(store.state == expected)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the form's work updates and dismisses its own form, and ends when that form is closed")
    func formWorkAtItsPart() async {
        let clock = TestClock()
        let store = FeatureTestStore(
            initialState: twoLists(), features: App.features, dependencies: .testing { $0.clock = clock },
            actions: ListAction.self)
        let form = store.scope(\App.archive.addItem, actions: FormAction.self)
        await form.send(.save) { $0.archive.addItem?.isSaving = true }
        await clock.advance(by: .seconds(1))
        await store.receive(ItemForm.self) { $0.archive.addItem?.isSaving = false }
        await store.receive(Dismissal()) { $0.archive.addItem = nil }
        await store.scope(\App.list.addItem, actions: FormAction.self).send(.save) { $0.list.addItem?.isSaving = true }
        await store.send(.closeForm) { $0.list.addItem = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()  // the list's save ended with its form
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the child's features as its own test runs them and as the app places them give the same child")
    func sameChildAloneAndPlaced() {
        let alone = Store(initialState: twoLists().list, features: ItemList.features, issueReporter: .ignoring)
        let placed = Store(initialState: twoLists(), features: App.features, issueReporter: .ignoring)
        for action: any Action in [ListAction.add(3), ListAction.addTapped, FormAction.typed("Tea")] {
            alone.dispatch(action)
            placed.dispatch(action)
        }
        alone.dispatch(Toggle(), to: \.items, id: 1)
        placed.dispatch(Toggle(), to: \.list.items, id: 1)
        #expect(placed.state.list == alone.state)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a Dismissal from a feature at a fixed part is reported and dropped; the store's other work goes on")
    func fixedPartDismissalDropped() async {
        let clock = TestClock()
        let failures = await collectFailures {
            let store = FeatureTestStore(
                initialState: twoLists(), features: App.features, dependencies: .testing { $0.clock = clock },
                actions: ListAction.self)
            await store.scope(\App.archive.addItem, actions: FormAction.self).send(.save) {
                $0.archive.addItem?.isSaving = true
            }
            await store.send(.done)  // both lists' features answer .dismiss: nothing to dismiss
            await clock.advance(by: .seconds(1))
            await store.receive(ItemForm.self) { $0.archive.addItem?.isSaving = false }  // the save went on
            await store.receive(Dismissal()) { $0.archive.addItem = nil }  // the form's own, addressed to it
            await store.finish()
        }
        #expect(failures.count == 2)  // one per list
        #expect(
            failures.allSatisfy {
                $0.message.contains("sent a Dismissal, but a fixed part of the state cannot be dismissed")
            }, "\(failures.map(\.message))")
    }
}
