#if canImport(Observation)
    import Foundation
    import MultiRedux
    import Observation
    import ReduxUI
    import TestHelpers
    import Testing

    /// Counts how many times Observation reported a change of what a closure read.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class Invalidations {
        private(set) var count = 0

        /// Tracks what `read` reads, once; a change of it counts one invalidation.
        func track(_ read: @escaping @MainActor () -> Void) {
            withObservationTracking {
                read()
            } onChange: { [self] in
                MainActor.assumeIsolated { count += 1 }
            }
        }
    }

    @Suite @MainActor struct ScopedStoreTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a scope reads its part and a dispatch through it shows before it returns")
        func readsAndDispatches() {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)

            list.dispatch(DeleteContact(id: 2))

            #expect(list.contacts.ids == [1, 3])
            #expect(store.state.contacts.contacts.ids == [1, 3])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a binding write is a BindingAction the feature applies, shown at once")
        func bindingWrite() {
            let seen = Recorder<String>()
            let observed = makeContactsStore(middleware: [
                Middleware { action, _ in
                    seen.append("\(type(of: action))")
                    return action
                }
            ])
            let list = observed.scope(\.contacts)

            list.query = "Ann"

            #expect(list.query == "Ann")
            #expect(observed.state.contacts.query == "Ann")
            #expect(seen.all == ["BindingAction<ContactList>"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a reducer registered after the binding reducer sees the write applied, and can react to it")
        func reducerReactsToAWrite() {
            let reactions = Recorder<String>()
            let store = Store(
                initialState: AppState(),
                features: [
                    ContactListFeature().at(\.contacts), QueryReactionFeature(reactions: reactions).at(\.contacts),
                ])
            let list = store.scope(\.contacts)

            list.query = "An"
            list.addContact = nil

            #expect(reactions.all == ["An"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a read shows a change another thread applied before the main actor's next turn")
        func readShowsPendingChanges() throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            list.dispatch(PushContact(id: 1))
            let applied = DispatchSemaphore(value: 0)
            Thread {
                store.dispatch(PushContact(id: 2))
                applied.signal()
            }.start()
            applied.wait()  // applied on the other thread; the main actor (this test) has not turned

            var path = list.path  // a binding that writes a whole member reads it first
            let bottom = try #require(path.ids.first)
            path[id: bottom]?.name = "Renamed"
            list.path = path

            #expect(store.state.contacts.path.map(\.name) == ["Renamed", "Contact 2"])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a write to a field the state does not list is reported and not applied")
        func unlistedFieldIsRefused() {
            let issues = IssueCollector()
            let store = makeContactsStore(issues: issues)
            let rows = store.scope(\.contacts).scope(each: \.contacts)

            rows[0].isFavorite = true

            #expect(store.state.contacts.contacts[id: 1]?.isFavorite == false)
            #expect(issues.kinds == [.misuse])
            #expect(issues.issues.first?.message.contains("bindableFields") == true)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a row's write changes that row only, and names the row")
        func rowWrite() {
            let seen = Recorder<BindingAction<ContactList>>()
            let observed = makeContactsStore(middleware: [recordingWrites(into: seen)])
            let rows = observed.scope(\.contacts).scope(each: \.contacts)

            rows[1].name = "Bo"
            rows[2].name = "Bo"

            #expect(observed.state.contacts.contacts.map(\.name) == ["Contact 1", "Bo", "Bo"])
            #expect(rows[1].name == "Bo")
            #expect(seen.all.map(\.field) == [\Contact.name, \Contact.name])
            #expect(seen.all[0] != seen.all[1], "writes to two rows are two different actions")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a row's and a child's writes equal the BindingAction a test builds, and name the row")
        func writesATestCanBuild() throws {
            let seen = Recorder<BindingAction<ContactList>>()
            let observed = makeContactsStore(middleware: [recordingWrites(into: seen)])
            let list = observed.scope(\.contacts)
            list.dispatch(ShowAddContact())

            list.scope(each: \.contacts)[1].name = "Bo"
            try #require(list.scope(\.addContact)).name = "Cy"

            #expect(
                seen.all == [
                    .set(\.contacts, id: 2, \Contact.name, "Bo"), .set(\.addContact, \ContactForm.name, "Cy"),
                ])
            #expect(seen.all[0] != .set(\.contacts, id: 3, \Contact.name, "Bo"))
            #expect(seen.all[0].elementID(in: \ContactList.contacts) == 2)
            #expect(seen.all[1].elementID(in: \ContactList.contacts) == nil)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("the same element keeps its scope object while it is in the collection")
        func rowScopesAreStable() {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let before = list.scope(each: \.contacts)

            list.dispatch(DeleteContact(id: 1))
            let after = list.scope(each: \.contacts)

            #expect(after.count == 2)
            #expect(after[0] === before[1])
            #expect(after[1] === before[2])
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a deleted row's scope is gone: it keeps its last value and drops writes")
        func goneRowDropsWrites() {
            let issues = IssueCollector()
            let store = makeContactsStore(issues: issues)
            let list = store.scope(\.contacts)
            let row = list.scope(each: \.contacts)[1]

            list.dispatch(DeleteContact(id: 2))
            row.name = "Late keystroke"

            #expect(row.isGone)
            #expect(row.name == "Contact 2")
            #expect(store.state.contacts.contacts.map(\.name) == ["Contact 1", "Contact 3"])
            #expect(issues.issues.isEmpty)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("an optional part's scope is there while the part is, and a dismissal writes nil")
        func optionalScope() {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            #expect(list.scope(\.addContact) == nil)

            list.dispatch(ShowAddContact())
            let form = try! #require(list.scope(\.addContact))
            form.name = "Cy"
            #expect(store.state.contacts.addContact?.name == "Cy")
            #expect(list.scope(\.addContact) === form)

            list.addContact = nil

            #expect(store.state.contacts.addContact == nil)
            #expect(list.scope(\.addContact) == nil)
            #expect(form.isGone)
            form.name = "After dismissal"
            list.dispatch(ShowAddContact())
            #expect(store.state.contacts.addContact == ContactForm(), "a gone scope never writes into a new child")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("an alert is a value in state; its button's action is an ordinary action")
        func alertState() throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)

            list.dispatch(AskToDelete(id: 3))

            let alert = try #require(list.alert)
            #expect(
                alert
                    == AlertState(
                        title: "Delete Contact 3?",
                        buttons: [.destructive("Delete", action: DeleteContact(id: 3)), .cancel("Cancel")]))
            list.dispatch(try #require(alert.buttons[0].action))
            list.alert = nil
            #expect(store.state.contacts.contacts.ids == [1, 2])
            #expect(store.state.contacts.alert == nil)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a stack element has a scope by id; going back through the path's ids pops it")
        func stackScope() throws {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            list.dispatch(PushContact(id: 1))
            list.dispatch(PushContact(id: 2))
            let ids = list.path.ids
            let top = try #require(list.scope(\.path, id: ids[1]))
            #expect(top.name == "Contact 2")

            var path = list.path
            path.ids = [ids[0]]  // what NavigationStack(path: $store.path.ids) writes on Back
            list.path = path

            #expect(store.state.contacts.path.ids == [ids[0]])
            #expect(top.isGone)
            #expect(list.scope(\.path, id: ids[1]) == nil)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a write with no BindableState at or above the scope is reported as misuse")
        func writeWithoutBindableState() {
            let issues = IssueCollector()
            let store = makeContactsStore(issues: issues)
            let app = store.scope(\.self)

            app.launches = 2

            #expect(store.state.launches == 0)
            #expect(issues.kinds == [.misuse])
        }
    }

    @Suite @MainActor struct ScopedStoreObservationTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a view reading a member is invalidated by a change of that member only")
        func perMember() {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let queryReader = Invalidations()
            let idsReader = Invalidations()
            queryReader.track { _ = list.query }
            idsReader.track { _ = list.scope(each: \.contacts) }

            list.scope(each: \.contacts)[0].name = "Renamed"
            #expect(queryReader.count == 0)
            #expect(idsReader.count == 0)

            list.query = "x"
            #expect(queryReader.count == 1)
            #expect(idsReader.count == 0)

            list.dispatch(DeleteContact(id: 1))
            #expect(idsReader.count == 1)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("editing one row of 1,000 invalidates that row's view only")
        func oneRowOfAThousand() {
            let store = makeContactsStore(count: 1000)
            let list = store.scope(\.contacts)
            let rows = list.scope(each: \.contacts)
            let readers = rows.map { row in
                let reader = Invalidations()
                reader.track { _ = row.name }
                return reader
            }
            let listReader = Invalidations()
            listReader.track { _ = list.scope(each: \.contacts) }

            rows[500].name = "Edited"

            #expect(readers.map(\.count).reduce(0, +) == 1)
            #expect(readers[500].count == 1)
            #expect(listReader.count == 0)
            #expect(rows[500].name == "Edited")
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("presence of an optional child is tracked, not its contents")
        func presence() {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let presence = Invalidations()
            presence.track { _ = list.scope(\.addContact) }

            list.dispatch(ShowAddContact())
            #expect(presence.count == 1)

            let contents = Invalidations()
            contents.track { _ = list.scope(\.addContact) }
            list.scope(\.addContact)?.name = "D"
            #expect(contents.count == 0)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a write from the main actor shows at once while another thread is applying actions")
        func writeShowsWhileAnotherThreadIsBusy() {
            let store = makeContactsStore()
            let list = store.scope(\.contacts)
            let started = DispatchSemaphore(value: 0)
            Thread { store.dispatch(BusyFor(microseconds: 300_000, started: started)) }.start()
            started.wait()
            // The other thread is inside its 0.3 s reducer: a plain dispatch would be queued
            // behind it and return with the old value still readable.
            for letter in ["A", "An", "Ann"] {
                list.query = letter
                #expect(list.query == letter)
                #expect(store.state.contacts.query == letter)
            }
        }
    }

    /// Reacts to writes of the list's query: placed after the feature that applies them.
    struct QueryReactionFeature: LogicFeature {
        let reactions: Recorder<String>

        func injectReducers(container: any ReducerContainer) {
            container.addReduceFunction { (_, action: BindingAction<ContactList>, state: inout ContactList) in
                guard action.field == \ContactList.query else { return }
                reactions.append(state.query)
            }
        }
    }
#endif
