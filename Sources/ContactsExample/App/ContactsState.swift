import MultiRedux
import ReduxUI

/// The app's state: the contact list, the one screen the app starts on.
struct ContactsState: State, Equatable {
    /// The contacts screen, with what is pushed and presented over it.
    var list = ContactList()
}

extension ContactsState {
    /// The app's features, placed once: the list's; the detail's at each pushed screen, whose
    /// contact is the list's (an edit on the screen is in the list at once); the form's at the
    /// presented form; each written for its own state.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    static var features: [PlacedFeature<ContactsState>] {
        [
            ContactListFeature().at(\.list),
            ContactDetailFeature().forEach(\.list.path, sharing: \.contact, with: \.list.contacts),
            ContactFormFeature().ifLet(\.list.addContact),
        ]
    }
}
