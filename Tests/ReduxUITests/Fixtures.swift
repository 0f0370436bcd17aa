import Foundation
import MultiRedux
import ReduxPersistence
import ReduxUI
import TestHelpers

/// A contact, a row of the list.
struct Contact: Identifiable, Equatable, Sendable {
    var id: Int
    var name: String
    var isFavorite = false
}

/// The form of a contact being added, presented as a sheet.
struct ContactForm: Equatable, Sendable {
    var name = ""
}

/// What the list's alert buttons send.
struct DeleteContact: Action, Equatable {
    var id: Int
}

struct ShowAddContact: Action {}

struct ShowEditContact: Action {}

struct AskToDelete: Action {
    var id: Int
}

struct PushContact: Action {
    var id: Int
}

/// Starts work that runs until it is cancelled; then it notes its name and opens its gate.
struct StartWork: Action {
    var name: String
    var cancelled: Recorder<String>
    var ended = AsyncGate()
}

/// A reducer that takes a while, on whichever thread applies it, and says when it has started.
struct BusyFor: Action {
    var microseconds: UInt32
    var started: DispatchSemaphore
}

/// A feature's state that accepts bindings to the fields it lists.
struct ContactList: BindableState, Equatable {
    var query = ""
    var contacts: IdentifiedArrayOf<Contact> = []
    var addContact: ContactForm?
    /// A second presented child of the same type as `addContact`.
    var editContact: ContactForm?
    var alert: AlertState<DeleteContact>?
    var path = StackState<Contact>()

    static var bindableFields: [AnyKeyPath & Sendable] {
        [
            \ContactList.query, \ContactList.addContact, \ContactList.editContact, \ContactList.alert,
            \ContactList.path, \Contact.name, \ContactForm.name,
        ]
    }
}

struct AppState: State, Equatable {
    var contacts = ContactList()
    var launches = 0
}

struct ContactListFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: ContactList.self)
        container.addReduceFunction { (_, action: DeleteContact, state: inout ContactList) in
            state.contacts.remove(id: action.id)
        }
        container.addReduceFunction { (_, _: ShowAddContact, state: inout ContactList) in
            state.addContact = ContactForm()
        }
        container.addReduceFunction { (_, _: ShowEditContact, state: inout ContactList) in
            state.editContact = ContactForm()
        }
        container.addReduceFunction { (_, action: AskToDelete, state: inout ContactList) in
            let name = state.contacts[id: action.id]?.name ?? ""
            state.alert = AlertState(
                title: "Delete \(name)?",
                buttons: [.destructive("Delete", action: DeleteContact(id: action.id)), .cancel("Cancel")])
        }
        container.addReduceFunction { (_, action: PushContact, state: inout ContactList) in
            if let contact = state.contacts[id: action.id] { state.path.append(contact) }
        }
        container.addAsyncReduceFunction { (_, action: StartWork, _: inout ContactList) -> Effect<ContactList> in
            .run { _ in
                try? await Task.sleep(nanoseconds: 3_600_000_000_000)
                if Task.isCancelled { action.cancelled.append(action.name) }
                action.ended.open()
            }
        }
        container.addReduceFunction { (_, action: BusyFor, _: inout ContactList) in
            action.started.signal()
            usleep(action.microseconds)
        }
    }
}

/// A store of the app with `count` contacts, ids 1 through `count`, named "Contact <id>".
func makeContactsStore(
    count: Int = 3, issues: IssueCollector = IssueCollector(), middleware: [Middleware<AppState>] = []
) -> Store<AppState> {
    var state = AppState()
    state.contacts.contacts = IdentifiedArray((1...count).map { Contact(id: $0, name: "Contact \($0)") })
    return Store(
        initialState: state, features: [ContactListFeature().at(\.contacts)], middleware: middleware,
        issueReporter: issues.reporter)
}

/// A middleware that notes every binding write the list's feature is sent.
func recordingWrites(into seen: Recorder<BindingAction<ContactList>>) -> Middleware<AppState> {
    Middleware { action, _ in
        if let write = action as? BindingAction<ContactList> { seen.append(write) }
        return action
    }
}

/// A persisted feature that applies its state's binding writes, and nothing else: a notebook's, a
/// ledger's.
struct BindingFeature<PersistedValue: BindableState & Codable>: PersistentFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: PersistedValue.self)
    }
}
