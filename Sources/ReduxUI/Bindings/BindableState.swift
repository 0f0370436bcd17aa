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
/// A scope of a `BindableState` sends its bindings' writes as ``BindingAction``s of that state,
/// whatever it is (the root, a fixed part, a presented child, a row, a stack element; an
/// element's writes are addressed to it); the feature placed there (`at`, `ifLet`, `forEach`)
/// registers `container.addBindingReducer(for:)` to apply them, so a child lists its own fields
/// and its parent lists none of them. Scopes below it that are not themselves `BindableState`
/// send their writes up to it, so a plain row's field is listed by its own key path
/// (`\Contact.isFavorite`). A presented child's field that the user dismisses (a sheet, an
/// alert) is listed by the parent: the dismissal is a write of `nil`.
///
/// A field inside a member may be listed too (`\ContactDetail.contact.name`): SwiftUI's
/// `$store.contact.name` writes the whole contact, and a scope of the state sends it as a write of
/// the listed fields inside the contact that it changed, applied to the contact as it is then (a
/// change another thread made to its other fields stays) and journaled as the name.
public protocol BindableState: State {
    /// The fields views may write: key paths from this state, or from the states of the rows and
    /// children below it. A write to any other field is reported as misuse and not applied.
    static var bindableFields: [AnyKeyPath & Sendable] { get }
}
