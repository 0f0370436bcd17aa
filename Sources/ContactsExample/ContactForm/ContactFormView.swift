#if canImport(SwiftUI)
    import MultiReduxUI

    /// The form adding a contact: name and phone fields, what is wrong with them, Cancel and Save.
    ///
    /// Save is disabled while the form is not valid; the keyboard's return key in the name field
    /// tries to save anyway, which shows the name's error.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct ContactFormView: View {
        /// The form's scope, the list's presented child; `$store` binds its fields.
        @Bindable var store: ScopedStore<ContactForm>

        /// The fields, their errors, and the toolbar's Cancel and Save.
        var body: some View {
            Form {
                Section {
                    TextField("Name", text: $store.name)
                        .onSubmit { store.dispatch(SaveContact()) }
                    if let error = store.nameError {
                        Text(error).foregroundStyle(.red)
                    }
                    TextField("Phone", text: $store.phone)
                    if let error = store.phoneError {
                        Text(error).foregroundStyle(.red)
                    }
                }
            }
            .navigationTitle("New Contact")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { store.dispatch(CancelAddContact()) }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") { store.dispatch(SaveContact()) }
                        .disabled(!store.isValid)
                }
            }
        }
    }
#endif
