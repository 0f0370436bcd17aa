import MultiRedux
import ReduxUI

/// A contact's screen, pushed on the list: the contact as it edits it, and the notes it loads.
///
/// Not a `BindableState`: its bindings' writes go up to ``ContactList``, which lists
/// `\ContactDetail.contact` among its bindable fields.
struct ContactDetail: State, Equatable {
    /// The contact shown; the name field writes it, and the list takes the change.
    var contact: Contact
    /// The notes kept about the contact, once loaded.
    var notes: String?
    /// Whether the notes are being loaded.
    var isLoadingNotes = false
    /// Why the last load of the notes failed, if it did.
    var notesError: String?
}
