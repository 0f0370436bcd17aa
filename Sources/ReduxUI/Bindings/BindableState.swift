public import ReduxCore

/// A feature's state whose fields views may write through bindings: the fields it lists, and no
/// others.
///
/// ```swift
/// struct ContactList: BindableState, Equatable {
///     var query = ""
///     var contacts: IdentifiedArrayOf<Contact> = []
///     var addContact: ContactForm?
///
///     static var bindableFields: [AnyKeyPath & Sendable] {
///         [\ContactList.query, \ContactList.addContact, \Contact.isFavorite, \ContactForm.name]
///     }
/// }
/// ```
///
/// A scope of a `BindableState` (`store.scope(\.contacts)`) sends its bindings' writes as
/// ``BindingAction``s of that state; the feature placed there registers
/// `container.addBindingReducer(for:)` to apply them. Scopes below it (a
/// row, a presented child) that are not themselves `BindableState` send their writes up to it,
/// so a row's field is listed by its own key path (`\Contact.isFavorite`). A presented child's
/// field that the user dismisses (a sheet, an alert) is listed too: the dismissal is a write of
/// `nil`.
public protocol BindableState: State {
    /// The fields views may write: key paths from this state, or from the states of the rows and
    /// children below it. A write to any other field is reported as misuse and not applied.
    static var bindableFields: [AnyKeyPath & Sendable] { get }
}
