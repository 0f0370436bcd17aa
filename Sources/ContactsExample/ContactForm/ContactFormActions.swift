import MultiRedux

/// Saves the form: adds its contact to the list and dismisses it, or, when the form is not valid,
/// keeps it and shows what is wrong. What the Save button and the keyboard's return key send.
struct SaveContact: Action, Equatable {}

/// Dismisses the form without saving: the Cancel button.
struct CancelAddContact: Action, Equatable {}
