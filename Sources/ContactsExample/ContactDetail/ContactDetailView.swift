#if canImport(SwiftUI)
    import MultiReduxUI

    /// A contact's screen: its name, edited in place, its phone number, the notes kept about it, and
    /// a button that deletes it.
    ///
    /// The notes load when the screen appears; the load belongs to the screen (it is sent from the
    /// screen's scope), so going back cancels it.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct ContactDetailView: View {
        /// The screen's scope, an element of the list's path; `$store` binds its fields.
        @Bindable var store: ScopedStore<ContactDetail>

        /// The contact's fields, its notes and the Delete button.
        var body: some View {
            Form {
                Section("Contact") {
                    TextField("Name", text: $store.contact.name)
                    LabeledContent("Phone", value: store.contact.phone)
                }
                Section("Notes") {
                    if store.isLoadingNotes {
                        ProgressView()
                    } else if let error = store.notesError {
                        Text(error).foregroundStyle(.red)
                    } else if let notes = store.notes {
                        Text(notes)
                    }
                    Button("Reload notes") { store.dispatch(LoadNotes()) }
                        .disabled(store.isLoadingNotes)
                }
                Section {
                    Button("Delete Contact", role: .destructive) {
                        store.dispatch(DeleteContacts(ids: [store.contact.id]))
                    }
                }
            }
            .navigationTitle(store.contact.name)
            .task {
                if store.notes == nil && !store.isLoadingNotes {
                    store.dispatch(LoadNotes())
                }
            }
        }
    }
#endif
