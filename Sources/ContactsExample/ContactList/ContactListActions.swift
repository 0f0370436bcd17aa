import MultiRedux

/// Loads the address book from the ``ContactsClient``; the list shows it when it arrives.
struct LoadContacts: Action, Equatable {}

/// Presents the form that adds a contact.
struct ShowAddContact: Action, Equatable {}

/// Asks, with an alert, whether to delete contacts: what swiping a row sends.
struct AskToDelete: Action, Equatable {
    /// The contacts to delete.
    var ids: [Contact.ID]
}

/// Deletes contacts, and pops the screens showing them: the alert's "Delete" button and the detail
/// screen's Delete button send it.
struct DeleteContacts: Action, Equatable {
    /// The contacts to delete.
    var ids: [Contact.ID]
}

/// Names the list's effects, to cancel one in flight.
enum ContactListEffect: Hashable, Sendable {
    /// The address book's load.
    case load
}
