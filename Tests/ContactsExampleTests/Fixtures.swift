import MultiRedux
import ReduxUI

@testable import ContactsExample

/// The first contact of the address book the tests start with.
let ada = Contact(id: 1, name: "Ada Lovelace", phone: "+44 20 7946 0001")
/// The second contact of the address book the tests start with.
let alan = Contact(id: 2, name: "Alan Turing", phone: "+44 20 7946 0002")
/// The third contact of the address book the tests start with.
let grace = Contact(id: 3, name: "Grace Hopper", phone: "+1 202 555 0103")

/// The app's state with the list showing contacts.
///
/// - Parameters:
///   - contacts: The address book, in order.
///   - pushed: The contacts whose screens are pushed, bottom first (ids #0, #1, …).
/// - Returns: The state.
func contactsState(_ contacts: [Contact] = [ada, alan, grace], pushed: [Contact] = []) -> ContactsState {
    ContactsState(
        list: ContactList(
            contacts: IdentifiedArray(contacts), path: StackState(pushed.map { ContactDetail(contact: $0) })))
}

/// What the alert asking to delete one contact shows.
///
/// - Parameter contact: The contact.
/// - Returns: The alert.
func deleteAlert(_ contact: Contact) -> AlertState<DeleteContacts> {
    AlertState(
        title: "Delete \(contact.name)?", message: "This cannot be undone.",
        buttons: [.destructive("Delete", action: DeleteContacts(ids: [contact.id])), .cancel("Cancel")])
}

/// Why the stubbed address book failed.
struct Offline: Error, CustomStringConvertible {
    /// "offline".
    var description: String { "offline" }
}

extension ContactsClient {
    /// A client that loads `contacts` and answers every contact's notes with `"Notes of <name>"`;
    /// a test replaces what it needs.
    ///
    /// A test that overrides one closure sets this client first: `$0.contactsClient.notes = …`
    /// alone would start from the live client, which a test store refuses (the process stops,
    /// naming the key), and in `.testing { … }` from the preview address book.
    ///
    /// - Parameter contacts: The address book.
    /// - Returns: The client.
    static func stub(_ contacts: [Contact] = [ada, alan, grace]) -> ContactsClient {
        ContactsClient(
            load: { contacts },
            notes: { id in "Notes of \(contacts.first { $0.id == id }?.name ?? "?")" })
    }
}

/// What tapping a row does: the row is a `NavigationLink(pushing:)` of the contact's screen, so
/// SwiftUI appends the link's id to the path and writes it through `$store.stack(\.path)`.
///
/// - Parameters:
///   - id: The contact's id.
///   - list: The list's scope.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
func tapRow(_ id: Contact.ID, in list: ScopedStore<ContactList>) {
    guard let contact = list.contacts[id: id] else { return }
    let link = StackElementID(pushing: ContactDetail(contact: contact))
    list.setStackIDs(list.stackIDs(\.path) + [link], of: \.path)
}
