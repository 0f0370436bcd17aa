import MultiRedux
import ReduxTesting
import ReduxUI
import Testing

@testable import ContactsExample

/// The contact list: loading, search, navigation and deletion, driven by a `TestStore`.
@Suite(.testStoreTimeout(.seconds(120))) struct ContactListFeatureTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("loading shows the address book the client returns")
    func load() async {
        let store = TestStore(
            initialState: contactsState([]), features: ContactsState.features,
            dependencies: Dependencies { $0.contactsClient = .stub([ada, grace]) })

        await store.send(LoadContacts()) { $0.list.isLoading = true }
        await store.receive(ContactList.self) {
            $0.list.contacts = [ada, grace]
            $0.list.isLoading = false
        }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a failed load says why and keeps the contacts shown")
    func loadFails() async {
        let store = TestStore(
            initialState: contactsState([ada]), features: ContactsState.features,
            dependencies: Dependencies {
                $0.contactsClient = .stub()
                $0.contactsClient.load = { throw Offline() }
            })

        await store.send(LoadContacts()) { $0.list.isLoading = true }
        await store.receive(ContactList.self) {
            $0.list.loadError = "The contacts could not be loaded (offline)."
            $0.list.isLoading = false
        }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("typing in the search field is a binding write that filters the rows, ignoring case")
    func search() async {
        let store = TestStore(initialState: contactsState(), features: ContactsState.features)

        await store.send(BindingAction<ContactList>.set(\.query, "AL")) { $0.list.query = "AL" }
        #expect(store.state.list.shown.map(\.name) == ["Alan Turing"])
        await store.send(BindingAction<ContactList>.set(\.query, "ace")) { $0.list.query = "ace" }
        #expect(store.state.list.shown.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
        await store.send(BindingAction<ContactList>.set(\.query, "zz")) { $0.list.query = "zz" }
        #expect(store.state.list.shown.isEmpty)
        await store.send(BindingAction<ContactList>.set(\.query, " ")) { $0.list.query = " " }
        #expect(store.state.list.shown.map(\.name) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("tapping a row pushes its screen; Back is a binding write of the path that pops it")
    func pushAndPop() async {
        let store = TestStore(initialState: contactsState(), features: ContactsState.features)

        // A row is a NavigationLink(pushing:): a tap writes the path with the contact's screen pushed.
        var pushed = store.state.list.path
        pushed.append(ContactDetail(contact: alan))
        pushed.append(ContactDetail(contact: grace))
        await store.send(BindingAction<ContactList>.set(\.path, pushed)) {
            $0.list.path.append(ContactDetail(contact: alan))
            $0.list.path.append(ContactDetail(contact: grace))
        }
        #expect(store.state.list.path.ids == [0, 1])

        var popped = store.state.list.path
        popped.ids = [0]  // what NavigationStack(path: $store.path.ids) writes on Back
        await store.send(BindingAction<ContactList>.set(\.path, popped)) { $0.list.path.popLast() }
        #expect(store.state.list.path.map(\.contact) == [alan])

        pushed = store.state.list.path
        pushed.append(ContactDetail(contact: ada))
        await store.send(BindingAction<ContactList>.set(\.path, pushed)) {
            $0.list.path.append(ContactDetail(contact: ada))
        }
        #expect(store.state.list.path.ids == [0, 2])  // a popped screen's id is never handed out again
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("swiping a row asks first; the alert's Delete button deletes the contact and closes the alert")
    func swipeToDelete() async throws {
        let store = TestStore(initialState: contactsState(), features: ContactsState.features)

        await store.send(AskToDelete(ids: [2])) { $0.list.alert = deleteAlert(alan) }
        #expect(store.state.list.contacts.count == 3)  // nothing deleted before the answer

        let alert = try #require(store.state.list.alert)
        let delete = try #require(alert.buttons.first { $0.role == .destructive }?.action)
        await store.send(delete) {
            $0.list.contacts.remove(id: 2)
            $0.list.alert = nil
        }
        #expect(store.state.list.shown.map(\.name) == ["Ada Lovelace", "Grace Hopper"])
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the alert's Cancel button only closes it: SwiftUI's dismissal writes nil, nothing is deleted")
    func cancelDeletion() async throws {
        let store = TestStore(initialState: contactsState(), features: ContactsState.features)

        await store.send(AskToDelete(ids: [1])) { $0.list.alert = deleteAlert(ada) }
        let cancel = try #require(store.state.list.alert?.buttons.first { $0.role == .cancel })
        #expect(cancel.action == nil)
        await store.send(BindingAction<ContactList>.set(\.alert, nil)) { $0.list.alert = nil }
        #expect(store.state.list.contacts.ids == [1, 2, 3])
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("deleting several rows at once asks once, naming how many")
    func swipeSeveral() async {
        let store = TestStore(initialState: contactsState(), features: ContactsState.features)

        await store.send(AskToDelete(ids: [1, 3])) {
            $0.list.alert = AlertState(
                title: "Delete 2 contacts?", message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: DeleteContacts(ids: [1, 3])), .cancel("Cancel")])
        }
        await store.send(DeleteContacts(ids: [1, 3])) {
            $0.list.contacts = [alan]
            $0.list.alert = nil
        }
        await store.finish()
    }
}
