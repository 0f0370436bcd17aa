import Foundation
import MultiRedux
import ReduxUI

/// The contacts screen: the address book, the search over it, the screens pushed on it, the form
/// presented over it and the alert asking to delete.
///
/// Views write the fields ``bindableFields`` lists through bindings (the search field, a dismissal
/// by the user); everything else changes through actions (``ContactListFeature``,
/// ``ContactDetailFeature``, ``ContactFormFeature``).
struct ContactList: BindableState, Equatable {
    /// The address book, as last loaded and edited.
    var contacts: IdentifiedArrayOf<Contact> = []
    /// Whether the address book is being loaded.
    var isLoading = false
    /// Why the last load failed, if it did.
    var loadError: String?
    /// The search typed in the search field; empty shows every contact.
    var query = ""
    /// The detail screens pushed on the list, bottom first.
    var path = StackState<ContactDetail>()
    /// The form adding a contact, while the sheet shows it.
    var addContact: ContactForm?
    /// The alert asking whether to delete contacts, while it shows.
    var alert: AlertState<DeleteContacts>?

    /// The contacts the list shows: those whose name contains the query, ignoring case, in the
    /// address book's order.
    ///
    /// - Complexity: O(*n*) for *n* contacts.
    var shown: IdentifiedArrayOf<Contact> {
        let query = query.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return contacts }
        return contacts.filter { $0.name.localizedCaseInsensitiveContains(query) }
    }

    /// The ids of the contacts the list shows, in order: what the list's body reads, so that it
    /// re-renders when a row is added, removed or filtered out, not when a row's contents change.
    ///
    /// - Complexity: O(*n*) for *n* contacts.
    var shownIDs: [Contact.ID] {
        shown.ids
    }

    /// What views may write: the search, and the user's dismissals (Back, a swipe on the sheet, the
    /// alert closing). A screen's and the form's fields are their own (``ContactDetail``,
    /// ``ContactForm``).
    static var bindableFields: [AnyKeyPath & Sendable] {
        [\ContactList.query, \ContactList.path, \ContactList.addContact, \ContactList.alert]
    }
}
