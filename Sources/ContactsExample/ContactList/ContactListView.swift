#if canImport(SwiftUI)
    import MultiReduxUI

    /// The contacts screen: the address book with a search field, a row per contact shown, swipe to
    /// delete (after an alert), a detail screen per tapped row, and the form adding a contact in a
    /// sheet.
    ///
    /// Everything it shows is read from its scope, and everything it does is an action or a binding
    /// write to it; the screens it pushes and presents get scopes of their own parts.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct ContactListView: View {
        /// The list's scope; `$store` binds its fields.
        @Bindable var store: ScopedStore<ContactList>

        /// The navigation stack over the list, with its destinations, sheet and alert.
        var body: some View {
            NavigationStack(path: $store.stack(\.path)) {
                List {
                    if let error = store.loadError {
                        Text(error).foregroundStyle(.red)
                    }
                    ForEach(store.shownIDs, id: \.self) { id in
                        if let row = store.scope(\.contacts, id: id) {
                            ContactRowView(store: row)
                        }
                    }
                    .onDelete { offsets in
                        store.dispatch(AskToDelete(ids: offsets.map { store.shownIDs[$0] }))
                    }
                }
                .overlay {
                    if store.isLoading && store.ids(of: \.contacts).isEmpty {
                        ProgressView("Loading")
                    }
                }
                .searchable(text: $store.query, prompt: "Search")
                .navigationTitle("Contacts")
                .toolbar {
                    ToolbarItem(placement: .primaryAction) {
                        Button("Add") { store.dispatch(ShowAddContact()) }
                    }
                }
                .navigationDestination(for: StackElementID.self) { id in
                    if let detail = store.scope(\.path, id: id) {
                        ContactDetailView(store: detail)
                    }
                }
            }
            .sheet(item: $store.scope(\.addContact)) { form in
                NavigationStack {
                    ContactFormView(store: form)
                }
            }
            .alert(store, \.alert)
            .task { store.dispatch(LoadContacts()) }
        }
    }

    /// One row of the list: a contact's name and phone number, which opens the contact's screen.
    ///
    /// It reads its own row's scope, so renaming this contact re-renders this row only.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct ContactRowView: View {
        /// The row's scope: one element of the address book.
        let store: ScopedStore<Contact>

        /// The name over the phone number.
        var body: some View {
            NavigationLink(pushing: ContactDetail(contact: store.state)) {
                VStack(alignment: .leading) {
                    Text(store.name)
                    Text(store.phone).font(.caption).foregroundStyle(.secondary)
                }
            }
        }
    }
#endif
