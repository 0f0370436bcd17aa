import Dispatch
import MultiRedux
import ReduxTesting
import ReduxUI
import TestHelpers
import Testing

@testable import ContactsExample

/// A contact's screen: its notes, its Delete button, its name edited in place, and its work ending
/// when it is popped.
@Suite(.testStoreTimeout(.seconds(120))) struct ContactDetailFeatureTests {
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a rename typed in a screen is a binding write of that screen's contact, which the list takes")
    func renameInAScreen() async {
        let store = TestStore(
            initialState: contactsState(pushed: [alan]), features: ContactsState.features,
            dependencies: Dependencies { $0.contactsClient = .stub() })
        var renamed = alan
        renamed.name = "Alan M. Turing"

        await store.send(BindingAction<ContactDetail>.set(\.contact, renamed), to: \.list.path, id: 0) {
            $0.list.path[id: 0]?.contact = renamed
            $0.list.contacts[id: 2] = renamed
        }
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the notes are asked for once the screen has waited its delay, and land in the screen")
    func loadNotes() async {
        let clock = TestClock()
        let asked = Recorder<Contact.ID>()
        let store = TestStore(
            initialState: contactsState(pushed: [alan]), features: ContactsState.features,
            dependencies: Dependencies {
                $0.clock = clock
                $0.contactsClient = .stub()
                $0.contactsClient.notes = { id in
                    asked.append(id)
                    return "Broke Enigma."
                }
            })

        await store.send(LoadNotes(), to: \.list.path, id: 0) { $0.list.path[id: 0]?.isLoadingNotes = true }
        await clock.advance(by: .milliseconds(299))
        #expect(asked.all == [])  // still waiting
        await clock.advance(by: .milliseconds(1))
        await store.receive(ContactDetail.self) {
            $0.list.path[id: 0]?.notes = "Broke Enigma."
            $0.list.path[id: 0]?.isLoadingNotes = false
        }
        #expect(asked.all == [2])
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the detail's feature is tested alone, as it ships, with one screen's state as the root")
    func detailAlone() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: ContactDetail(contact: alan), features: [ContactDetailFeature().at(\.self)],
            dependencies: .testing {
                $0.clock = clock
                $0.contactsClient = .stub()
            })
        await store.send(LoadNotes()) { $0.isLoadingNotes = true }
        await clock.advance(by: ContactDetailFeature.notesDelay)
        await store.receive(ContactDetail.self) {
            $0.notes = "Notes of Alan Turing"
            $0.isLoadingNotes = false
        }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("notes that cannot be loaded say why in the screen")
    func loadNotesFails() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: contactsState(pushed: [ada]), features: ContactsState.features,
            dependencies: Dependencies {
                $0.clock = clock
                $0.contactsClient = .stub()
                $0.contactsClient.notes = { _ in throw Offline() }
            })

        await store.send(LoadNotes(), to: \.list.path, id: 0) { $0.list.path[id: 0]?.isLoadingNotes = true }
        await clock.advance(by: ContactDetailFeature.notesDelay)
        await store.receive(ContactDetail.self) {
            $0.list.path[id: 0]?.notesError = "The notes could not be loaded (offline)."
            $0.list.path[id: 0]?.isLoadingNotes = false
        }
        await store.finish()
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("the screen's Delete button deletes the contact and pops its screen and those above it")
    func deleteFromScreen() async {
        let store = TestStore(
            initialState: contactsState(pushed: [ada, alan, grace]), features: ContactsState.features)

        await store.send(DeleteContacts(ids: [2])) {
            $0.list.contacts.remove(id: 2)
            $0.list.path.ids = [0]  // Alan's screen (#1) and Grace's above it leave; Ada's stays
        }
        await store.send(DeleteContacts(ids: [1])) {
            $0.list.contacts.remove(id: 1)
            $0.list.path.ids = []
        }
        #expect(store.state.list.contacts.ids == [3])
        await store.finish()
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("editing the name on the screen renames the contact in the list")
    func editName() throws {
        let store = Store(
            initialState: contactsState(), features: ContactsState.features, issueReporter: .failingTest(),
            dependencies: .testing())
        let list = store.scope(\.list)
        tapRow(1, in: list)
        let screen = try #require(list.scope(\.path, id: list.path.ids[0]))

        screen.contact.name = "Ada King"  // what TextField("Name", text: $store.contact.name) writes

        #expect(screen.contact.name == "Ada King")
        #expect(list.contacts[id: 1]?.name == "Ada King")
        #expect(list.shown.map(\.name) == ["Ada King", "Alan Turing", "Grace Hopper"])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("going back cancels the notes load the popped screen started, and only that one")
    func popCancelsNotes() async throws {
        let clock = TestClock()
        let asked = Recorder<Contact.ID>()
        let cancelled = Recorder<Contact.ID>()
        let store = storeWithHangingNotes(contactsState(), clock: clock, asked: asked, cancelled: cancelled)
        let (list, adaScreen, alanScreen) = try twoScreensLoadingNotes(store)
        let bottom = list.path.ids[0]
        #expect(alanScreen.isLoadingNotes)
        await clock.advance(by: ContactDetailFeature.notesDelay)  // both ask the address book, which hangs
        #expect(Set(asked.all) == [1, 2])

        list.setStackIDs([bottom], of: \.path)  // Back from Alan's screen: what $store.stack(\.path) writes

        #expect(alanScreen.isGone)
        #expect(cancelled.all == [2])
        #expect(adaScreen.isLoadingNotes)  // Ada's screen is still there, still loading

        list.path = StackState()  // Back again
        #expect(cancelled.all == [2, 1])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("going back to the list from two screens cancels both screens' loads (the guide's example)")
    func backToTheListCancelsBoth() async throws {
        let clock = TestClock()
        let cancelled = Recorder<Contact.ID>()
        let store = storeWithHangingNotes(contactsState(), clock: clock, asked: Recorder(), cancelled: cancelled)
        let (list, adaScreen, alanScreen) = try twoScreensLoadingNotes(store)
        await clock.advance(by: ContactDetailFeature.notesDelay)  // both ask the address book, which hangs

        list.path = StackState()  // Back to the list

        #expect(adaScreen.isGone && alanScreen.isGone)
        #expect(Set(cancelled.all) == [1, 2])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("deleting the contact from its screen cancels the screen's notes load")
    func deleteCancelsNotes() async throws {
        let clock = TestClock()
        let cancelled = Recorder<Contact.ID>()
        let store = storeWithHangingNotes(
            contactsState(pushed: [grace]), clock: clock, asked: Recorder(), cancelled: cancelled)
        let list = store.scope(\.list)
        let screen = try #require(list.scope(\.path, id: list.path.ids[0]))
        screen.dispatch(LoadNotes())
        await clock.advance(by: ContactDetailFeature.notesDelay)

        screen.dispatch(DeleteContacts(ids: [3]))

        #expect(cancelled.all == [3])
        #expect(list.path.isEmpty)
        #expect(list.contacts.ids == [1, 2])
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("Back from a screen while the notes of the screen below land keeps those notes")
    func backWhileNotesLand() throws {
        let landed = DispatchSemaphore(value: 0)
        let store = Store(
            initialState: contactsState(), features: ContactsState.features, issueReporter: .failingTest(),
            dependencies: .testing {
                $0.clock = ContinuousClock()  // the real delay (300 ms): a TestClock needs an async test
                $0.contactsClient = .stub()
            })
        let token = store.observe(select: { $0.list.path.first?.notes }) { notes in
            if notes != nil { landed.signal() }  // on the thread applying the effect's update
        }
        defer { token.cancel() }
        let list = store.scope(\.list)
        tapRow(1, in: list)
        tapRow(2, in: list)
        let bottom = list.path.ids[0]
        let adaScreen = try #require(list.scope(\.path, id: bottom))
        adaScreen.dispatch(LoadNotes())
        // The main actor is busy (this test holds it) while the notes land on another thread: the
        // store has them; the scopes show them in the main actor's next turn.
        // Generous: the load runs on the cooperative pool, which other suites' blocking waits can
        // hold for many seconds on a two-core machine under the sanitizers (a CI run took 10 s).
        try #require(landed.wait(timeout: .now() + 120) == .success)

        list.setStackIDs([bottom], of: \.path)  // Back from Alan's screen: NavigationStack(path: $store.stack(\.path))

        // The write pops the stack as the store holds it, so Ada's notes, landed but not shown
        // yet when the user tapped Back, are kept.
        #expect(store.state.list.path.ids == [bottom])
        #expect(store.state.list.path[id: bottom]?.notes == "Notes of Ada Lovelace")
        #expect(store.state.list.path[id: bottom]?.isLoadingNotes == false)
        #expect(adaScreen.notes == "Notes of Ada Lovelace")
    }
}

/// Ada's and Alan's screens pushed from the list, each having sent its notes load: the guide's
/// example of testing what only scopes do.
///
/// - Parameter store: A store of the app, such as ``storeWithHangingNotes(_:clock:asked:cancelled:)`` makes.
/// - Returns: The list's scope and the two screens' scopes, Ada's at the bottom.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func twoScreensLoadingNotes(
    _ store: Store<ContactsState>
) throws -> (list: ScopedStore<ContactList>, ada: ScopedStore<ContactDetail>, alan: ScopedStore<ContactDetail>) {
    let list = store.scope(\.list)
    tapRow(1, in: list)
    tapRow(2, in: list)
    let (bottom, top) = (list.path.ids[0], list.path.ids[1])
    let adaScreen = try #require(list.scope(\.path, id: bottom))
    let alanScreen = try #require(list.scope(\.path, id: top))
    adaScreen.dispatch(LoadNotes())
    alanScreen.dispatch(LoadNotes())
    return (list, adaScreen, alanScreen)
}

/// A store of the app whose address book answers the notes of a contact only when the clock
/// reaches an hour (never, in these tests), noting who asked and whose question was cancelled.
///
/// - Parameters:
///   - state: The state to start with.
///   - clock: The effects' clock.
///   - asked: Notes the contacts whose notes were asked for.
///   - cancelled: Notes the contacts whose notes load was cancelled.
/// - Returns: The store, in test mode.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func storeWithHangingNotes(
    _ state: ContactsState, clock: TestClock, asked: Recorder<Contact.ID>, cancelled: Recorder<Contact.ID>
) -> Store<ContactsState> {
    Store(
        initialState: state, features: ContactsState.features, issueReporter: .failingTest(),
        dependencies: .testing {
            $0.clock = clock
            $0.contactsClient = .stub()
            $0.contactsClient.notes = { id in
                asked.append(id)
                try await withTaskCancellationHandler {
                    try await clock.sleep(for: .seconds(3600))
                } onCancel: {
                    cancelled.append(id)
                }
                return "Too late"
            }
        })
}
