#if canImport(SwiftUI)
    import MultiReduxUI

    /// The Contacts app: one store for the app's life, its features placed once, and the list's
    /// scope made from it once, which the list screen and every screen it shows are scoped from.
    ///
    /// Not marked `@main`: this is a library target, and a package target cannot hold an app's
    /// entry point beside other code. An app target copies it and marks it `@main`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct ContactsApp: App {
        /// The list's scope of the app's store; the scope keeps the store alive.
        @State private var store = Store(initialState: ContactsState(), features: ContactsState.features)
            .scope(\.list)

        /// One window showing the contact list.
        var body: some Scene {
            WindowGroup {
                ContactListView(store: store)
            }
        }
    }
#endif
