import MultiRedux

/// Loads the notes kept about a contact into its screen: what the screen sends when it appears and
/// when "Reload notes" is tapped.
///
/// Sent from the screen's scope, its work belongs to the screen: popping the screen cancels it.
struct LoadNotes: Action, Equatable {
    /// The contact whose notes to load.
    var contactID: Contact.ID
}

/// Names the detail's effects, to cancel one in flight.
enum ContactDetailEffect: Hashable, Sendable {
    /// The load of a contact's notes.
    case notes(Contact.ID)
}
