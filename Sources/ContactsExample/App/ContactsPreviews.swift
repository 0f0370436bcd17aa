#if canImport(SwiftUI)
    import MultiReduxUI

    /// The app's screens in Xcode's previews, each on a store of its own that reads the built-in
    /// address book (``ContactsClient/preview``) instead of the live one.
    ///
    /// A `PreviewProvider`, not `#Preview`: the macro's plugin is not available to every build of
    /// this package.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct ContactsPreviews: PreviewProvider {
        /// The list as it loads; a contact's screen; the form with a save attempted and no name.
        static var previews: some View {
            ContactListView(store: previewStore(ContactList()))
                .previewDisplayName("List")
            NavigationStack {
                ContactDetailView(
                    store: previewStore(ContactList(path: [ContactDetail(contact: Contact.samples[0])]))
                        .scope(\.path, id: 0)!)
            }
            .previewDisplayName("Detail")
            NavigationStack {
                ContactFormView(
                    store: previewStore(ContactList(addContact: ContactForm(hasAttemptedSave: true)))
                        .scope(\.addContact)!)
            }
            .previewDisplayName("Form")
        }

        /// The list's scope of a store that starts with `list` and reads the preview address book.
        ///
        /// - Parameter list: The list's state to start with.
        /// - Returns: The scope.
        @MainActor
        static func previewStore(_ list: ContactList) -> ScopedStore<ContactList> {
            Store(
                initialState: ContactsState(list: list), features: ContactsState.features,
                dependencies: .preview()
            )
            .scope(\.list)
        }
    }
#endif
