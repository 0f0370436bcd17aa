import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

private struct Person: Equatable, Identifiable, Sendable {
    var id: Int
    var name: String
}

/// A person's screen: its copy of the person, and what only the screen has.
private struct Detail: State, Equatable {
    var person: Person
    var isSaving = false
    var units = "metric"
    /// An edit sheet over the screen, which edits the screen's person.
    var editor: Editor?
}

private struct Editor: State, Equatable {
    var person: Person
}

private struct People: State, Equatable {
    var people: IdentifiedArray<Int, Person> = [Person(id: 1, name: "Ada"), Person(id: 2, name: "Alan")]
    var path = StackState<Detail>()
    var units = "metric"
    /// A person edited in a sheet over the list.
    var sheet: Editor?
}

/// A stack of two kinds of screens, each showing a person.
private enum Screen: Equatable, Sendable {
    case detail(Detail)
    case other(Detail)
}

private struct Screens: State, Equatable {
    var people: IdentifiedArray<Int, Person> = [Person(id: 1, name: "Ada"), Person(id: 2, name: "Alan")]
    var path = StackState<Screen>()
}

private struct RenamePerson: Action, Equatable {
    var id: Int
    var name: String
}

private struct Rename: Action, Equatable { var name: String }
private struct SaveLater: Action, Equatable {}
private struct UseUnits: Action, Equatable { var units: String }
/// The list's own action: a rename done by the list.
private struct RenameInList: Action, Equatable {
    var id: Int
    var name: String
}
/// The list's action that writes a screen's copy directly, which is not how a shared value is written.
private struct RenameCopies: Action, Equatable { var name: String }
private struct DeletePerson: Action, Equatable { var id: Int }

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private struct DetailFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: Detail.self)
        container.addReduceFunction { (_, action: Rename, detail: inout Detail) in detail.person.name = action.name }
        container.addReduceFunction { (_, action: UseUnits, detail: inout Detail) in detail.units = action.units }
        container.addAsyncReduceFunction { (provider, _: SaveLater, detail: inout Detail) -> Effect<Detail> in
            detail.isSaving = true
            let clock = provider.dependencies.clock
            return .run { effect in
                try await clock.sleep(for: .seconds(1))
                effect.update {
                    $0.person.name += " (saved)"
                    $0.isSaving = false
                }
            }
        }
    }
}

private struct EditorFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Rename, editor: inout Editor) in editor.person.name = action.name }
    }
}

private struct PeopleFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: RenameInList, list: inout People) in
            list.people[id: action.id]?.name = action.name
        }
        container.addReduceFunction { (_, action: RenameCopies, list: inout People) in
            for id in list.path.ids { list.path[id: id]?.person.name = action.name }
        }
        container.addReduceFunction { (_, action: DeletePerson, list: inout People) in
            list.people.remove(id: action.id)
        }
    }
}

extension Detail: BindableState {
    static var bindableFields: [AnyKeyPath & Sendable] { [\Detail.person] }
}

extension People {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    fileprivate static var features: [PlacedFeature<People>] {
        [PeopleFeature().at(\.self), DetailFeature().forEach(\.path, sharing: \.person, with: \.people)]
    }
}

/// The list with a screen for Ada, one for Alan, and a second one for Ada.
private func threeScreens() -> People {
    var list = People()
    for id in [1, 2, 1] {
        list.path.append(Detail(person: list.people[id: id]!))
    }
    return list
}

/// A value two screens show and edit: a feature placed at elements with a field shared with its
/// home in the root state.
@Suite(.testStoreTimeout(.seconds(120))) struct SharedValueTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen's change to its copy is in the list and in every screen showing it, in the same action")
    func screenChangeWritesHome() async {
        let start = threeScreens()
        let (ada, alan, adaAgain) = (start.path.ids[0], start.path.ids[1], start.path.ids[2])
        let store = TestStore(initialState: start, features: People.features)
        await store.send(Rename(name: "Ada L."), to: \.path, id: ada) {
            $0.path[id: ada]?.person.name = "Ada L."
            $0.people[id: 1]?.name = "Ada L."
            $0.path[id: adaAgain]?.person.name = "Ada L."
        }
        #expect(store.state.path[id: alan]?.person.name == "Alan")
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a change made to the home reaches every screen showing the value, and no other")
    func homeChangeReachesCopies() async {
        let start = threeScreens()
        let (ada, adaAgain) = (start.path.ids[0], start.path.ids[2])
        let store = TestStore(initialState: start, features: People.features)
        await store.send(RenameInList(id: 1, name: "Countess")) {
            $0.people[id: 1]?.name = "Countess"
            $0.path[id: ada]?.person.name = "Countess"
            $0.path[id: adaAgain]?.person.name = "Countess"
        }
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen's effect that updates its copy writes the home")
    func effectUpdateWritesHome() async {
        let clock = TestClock()
        var start = People()
        let ada = start.path.append(Detail(person: start.people[id: 1]!))
        let store = TestStore(
            initialState: start, features: People.features, dependencies: .testing { $0.clock = clock })
        await store.send(SaveLater(), to: \.path, id: ada) { $0.path[id: ada]?.isSaving = true }
        await clock.advance(by: .seconds(1))
        await store.receive(Detail.self) {
            $0.path[id: ada]?.isSaving = false
            $0.path[id: ada]?.person.name = "Ada (saved)"
            $0.people[id: 1]?.name = "Ada (saved)"
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("a binding write of a screen's copy, from the screen's scope, writes the home")
    @MainActor func bindingWriteWritesHome() throws {
        var start = People()
        let alan = start.path.append(Detail(person: start.people[id: 2]!))
        let store = Store(initialState: start, features: People.features, issueReporter: .failingTest())
        let screen = try #require(store.scope(\.self).scope(\.path, id: alan))
        screen.person.name = "Alan T."
        #expect(store.state.people[id: 2]?.name == "Alan T.")
        #expect(store.state.path[id: alan]?.person.name == "Alan T.")
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a reducer that writes a screen's copy instead of the home sees its change replaced by the home's value")
    func copyWrittenElsewhereIsReplaced() {
        let store = Store(initialState: threeScreens(), features: People.features, issueReporter: .ignoring)
        store.dispatch(RenameCopies(name: "Nobody"))
        #expect(store.state == threeScreens())
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen whose value was deleted from the home keeps its copy, and its edits go nowhere")
    func deletedHomeKeepsCopy() {
        var start = People()
        let ada = start.path.append(Detail(person: start.people[id: 1]!))
        let store = Store(initialState: start, features: People.features, issueReporter: .ignoring)
        store.dispatch(DeletePerson(id: 1))
        store.dispatch(Rename(name: "Gone"), to: \.path, id: ada)
        #expect(store.state.people.ids == [2])
        #expect(store.state.path[id: ada]?.person == Person(id: 1, name: "Gone"))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a field shared with one value of the root: a screen's change reaches the root and every other screen")
    func sharedWithOneValue() {
        let features = [DetailFeature().forEach(\People.path, sharing: \.units, with: \.units)]
        let store = Store(initialState: threeScreens(), features: features, issueReporter: .ignoring)
        let second = store.state.path.ids[1]
        store.dispatch(UseUnits(units: "imperial"), to: \.path, id: second)
        #expect(store.state.units == "imperial")
        #expect(store.state.path.map(\.units) == ["imperial", "imperial", "imperial"])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an optional child shares a value with an element of the home, while it is there")
    func optionalChildShares() {
        var start = People()
        start.sheet = Editor(person: start.people[id: 2]!)
        let features = [
            PeopleFeature().at(\.self), EditorFeature().ifLet(\People.sheet, sharing: \.person, with: \.people),
        ]
        let store = Store(initialState: start, features: features, issueReporter: .ignoring)
        store.dispatch(Rename(name: "Turing"))
        #expect(store.state.people[id: 2]?.name == "Turing")
        store.dispatch(RenameInList(id: 2, name: "A. M. Turing"))
        #expect(store.state.sheet?.person.name == "A. M. Turing")
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an optional child shares one value of the root")
    func optionalChildSharesOneValue() {
        struct Settings: State, Equatable {
            var units = "metric"
            var sheet: Detail?
        }
        let features = [DetailFeature().ifLet(\Settings.sheet, sharing: \.units, with: \.units)]
        let store = Store(
            initialState: Settings(sheet: Detail(person: Person(id: 1, name: "Ada"))), features: features,
            issueReporter: .ignoring)
        store.dispatch(UseUnits(units: "imperial"))
        #expect(store.state.units == "imperial")
        #expect(store.state.sheet?.units == "imperial")
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen's sheet that shares the screen's value, placed at every screen, edits that screen's value")
    func nestedSharing() {
        let screenFeatures = [EditorFeature().ifLet(\Detail.editor, sharing: \.person, with: \.person)]
        let features = screenFeatures.map { $0.forEach(\People.path) }
        var start = People()
        let ada = start.path.append(Detail(person: start.people[id: 1]!, editor: Editor(person: start.people[id: 1]!)))
        let alan = start.path.append(Detail(person: start.people[id: 2]!, editor: Editor(person: start.people[id: 2]!)))
        let store = Store(initialState: start, features: features, issueReporter: .ignoring)
        store.dispatch(Rename(name: "Alan T."), to: \.path, id: alan)
        #expect(store.state.path[id: alan]?.person.name == "Alan T.")
        #expect(store.state.path[id: alan]?.editor?.person.name == "Alan T.")
        #expect(store.state.path[id: ada] == start.path[id: ada])
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test(
        "screens of one case of a stack's enum share a value: the case's changes go home, home changes reach that case only"
    )
    func caseShares() {
        struct ScreensFeature: LogicFeature {
            func injectReducers(container: any ReducerContainer) {
                container.addReduceFunction { (_, action: RenamePerson, state: inout Screens) in
                    state.people[id: action.id]?.name = action.name
                }
            }
        }
        var start = Screens()
        let detail = start.path.append(.detail(Detail(person: start.people[id: 1]!)))
        let other = start.path.append(.other(Detail(person: start.people[id: 1]!)))
        let features = [
            ScreensFeature().at(\.self),
            DetailFeature().forEach(\Screens.path, case: Screen.detail, sharing: \.person, with: \.people),
        ]
        let store = Store(initialState: start, features: features, issueReporter: .ignoring)
        store.dispatch(Rename(name: "Ada L."), to: \.path, id: detail)
        #expect(store.state.people[id: 1]?.name == "Ada L.")
        #expect(store.state.path[id: detail] == .detail(Detail(person: Person(id: 1, name: "Ada L."))))
        #expect(store.state.path[id: other] == .other(Detail(person: Person(id: 1, name: "Ada"))))
        store.dispatch(RenamePerson(id: 1, name: "Countess"))
        #expect(store.state.path[id: detail] == .detail(Detail(person: Person(id: 1, name: "Countess"))))
        #expect(store.state.path[id: other] == .other(Detail(person: Person(id: 1, name: "Ada"))))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a screen's list of features, its sheet's included, placed sharing the screen's value with the list")
    func featureListShares() {
        let screenFeatures = [
            DetailFeature().at(\Detail.self), EditorFeature().ifLet(\Detail.editor, sharing: \.person, with: \.person),
        ]
        let features =
            [PeopleFeature().at(\People.self)]
            + screenFeatures.map { $0.forEach(\People.path, sharing: \.person, with: \.people) }
        var start = People()
        let ada = start.path.append(Detail(person: start.people[id: 1]!, editor: Editor(person: start.people[id: 1]!)))
        let alan = start.path.append(Detail(person: start.people[id: 2]!))
        let store = Store(initialState: start, features: features, issueReporter: .ignoring)

        store.dispatch(Rename(name: "Alan T."), to: \.path, id: alan)  // the screen's own feature
        #expect(store.state.people[id: 2]?.name == "Alan T.")

        store.dispatch(RenameInList(id: 1, name: "Countess"))  // the home: the screen and its sheet follow
        #expect(store.state.path[id: ada]?.person.name == "Countess")
        #expect(store.state.path[id: ada]?.editor?.person.name == "Countess")

        store.dispatch(Rename(name: "Ada L."), to: \.path, id: ada)  // the screen and its sheet rename
        #expect(store.state.people[id: 1]?.name == "Ada L.")
        #expect(store.state.path[id: ada]?.editor?.person.name == "Ada L.")
        #expect(store.state.path[id: alan]?.person.name == "Alan T.")
    }
}
