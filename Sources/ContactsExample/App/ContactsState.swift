import MultiRedux
import ReduxUI

/// The app's state: the contact list, the one screen the app starts on.
struct ContactsState: State, Equatable {
    /// The contacts screen, with what is pushed and presented over it.
    var list = ContactList()
}

extension ContactsState {
    /// The app's features, placed once: the list's, then the detail's and the form's, which run on
    /// the list's part because that is where their screens live (in this order: the detail
    /// reacts to binding writes the list's feature applies).
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    static var features: [PlacedFeature<ContactsState>] {
        [ContactListFeature().at(\.list), ContactDetailFeature().at(\.list), ContactFormFeature().at(\.list)]
    }
}
