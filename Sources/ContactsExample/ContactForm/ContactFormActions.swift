import MultiRedux

/// Saves the form: hands its contact to the screen that presented it (``ContactFormSaved``), or,
/// when the form is not valid, keeps it and shows what is wrong. What the Save button and the
/// keyboard's return key send.
struct SaveContact: Action, Equatable {}

/// Dismisses the form without saving: the Cancel button.
struct CancelAddContact: Action, Equatable {}

/// What the form tells the screen that presented it when it is saved (a delegate action): the
/// contact to add, checked and trimmed. The presenter gives it an id, adds it and closes the form.
struct ContactFormSaved: Action, Equatable {
    /// The contact's name, trimmed.
    var name: String
    /// The contact's phone number, trimmed; may be empty.
    var phone: String
}
