import MultiRedux
import ReduxUI

/// A contact's screen, pushed on the list: the contact as it edits it, and the notes it loads.
///
/// Not a `BindableState`: its bindings' writes go up to ``ContactList``, which lists
/// `\ContactDetail.contact` among its bindable fields.
struct ContactDetail: Equatable, Sendable {
    /// The contact shown; the name field writes it, and the list takes the change.
    var contact: Contact
    /// The notes kept about the contact, once loaded.
    var notes: String?
    /// Whether the notes are being loaded.
    var isLoadingNotes = false
    /// Why the last load of the notes failed, if it did.
    var notesError: String?
}

extension StackState<ContactDetail> {
    /// Changes every screen showing a contact (a detail's actions name their contact, not the
    /// screen).
    ///
    /// - Parameters:
    ///   - contactID: The contact.
    ///   - change: Changes one screen in place.
    /// - Complexity: O(*n*) for *n* screens.
    mutating func updateScreens(of contactID: Contact.ID, _ change: (inout ContactDetail) -> Void) {
        for id in ids where self[id: id]?.contact.id == contactID {
            if var screen = self[id: id] {
                change(&screen)
                self[id: id] = screen
            }
        }
    }
}
