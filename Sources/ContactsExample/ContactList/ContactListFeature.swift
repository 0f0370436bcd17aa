import MultiRedux
import ReduxUI

/// The contact list's logic: loading, searching (a binding), presenting the form, and deleting
/// after the alert. A row pushes its contact's screen itself (`NavigationLink(pushing:)`).
///
/// It adds the contact the form hands it when the form is saved (``ContactFormSaved``), and closes
/// the form.
struct ContactListFeature: LogicFeature {
    /// Registers the list's reducers, on ``ContactList``.
    ///
    /// - Parameter container: Where to register them.
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: ContactList.self)
        container.addAsyncReduceFunction {
            (provider, _: LoadContacts, state: inout ContactList) -> Effect<ContactList> in
            state.isLoading = true
            let client = provider.dependencies.contactsClient
            return .run(id: ContactListEffect.load, cancelInFlight: true) { effect in
                let contacts = try await client.load()
                effect.update { state in
                    state.contacts = IdentifiedArray(contacts)
                    state.isLoading = false
                    state.loadError = nil
                }
            } catch: { error, effect in
                effect.update { state in
                    state.loadError = "The contacts could not be loaded (\(error))."
                    state.isLoading = false
                }
            }
        }
        container.addReduceFunction { (_, _: ShowAddContact, state: inout ContactList) in
            state.addContact = ContactForm()
        }
        container.addReduceFunction { (_, saved: ContactFormSaved, state: inout ContactList) in
            let id = (state.contacts.ids.max() ?? 0) + 1
            state.contacts.append(Contact(id: id, name: saved.name, phone: saved.phone))
            state.addContact = nil
        }
        container.addReduceFunction { (_, action: AskToDelete, state: inout ContactList) in
            let names = action.ids.compactMap { state.contacts[id: $0]?.name }
            guard !names.isEmpty else { return }
            state.alert = AlertState(
                title: names.count == 1 ? "Delete \(names[0])?" : "Delete \(names.count) contacts?",
                message: "This cannot be undone.",
                buttons: [.destructive("Delete", action: DeleteContacts(ids: action.ids)), .cancel("Cancel")])
        }
        container.addReduceFunction { (_, action: DeleteContacts, state: inout ContactList) in
            for id in action.ids {
                state.contacts.remove(id: id)
            }
            state.alert = nil
            // The lowest screen showing a deleted contact leaves, with every screen above it.
            if let lowest = state.path.ids.first(where: { id in
                state.path[id: id].map { action.ids.contains($0.contact.id) } ?? false
            }) {
                state.path.pop(from: lowest)
            }
        }
    }
}
