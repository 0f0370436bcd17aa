import MultiRedux
import ReduxUI

/// A contact's screen, pushed on the list: the contact as it edits it, and the notes it loads.
///
/// It lists its own bindable field, and its feature applies the screen's writes to the screen;
/// the list never names it.
struct ContactDetail: BindableState, Equatable {
    /// The contact shown, the list's own (the app places the screen sharing it): the name field
    /// writes it, and the list shows the change at once.
    var contact: Contact
    /// The notes kept about the contact, once loaded.
    var notes: String?
    /// Whether the notes are being loaded.
    var isLoadingNotes = false
    /// Why the last load of the notes failed, if it did.
    var notesError: String?

    /// What the screen's views may write: the contact, and its name, which the name field writes
    /// (`$store.contact.name` is a write of the name, not of the whole contact).
    static var bindableFields: [AnyKeyPath & Sendable] {
        [\ContactDetail.contact, \ContactDetail.contact.name]
    }
}
