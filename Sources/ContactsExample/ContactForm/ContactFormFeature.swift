import MultiRedux
import ReduxUI

/// The form's logic: saving into the list, or cancelling.
///
/// The form is an optional part of ``ContactList`` (``ContactList/addContact``), not a part a
/// feature can be placed at, so its reducers run on the list. Place it at the list's part.
struct ContactFormFeature: LogicFeature {
    /// Registers the form's reducers, on ``ContactList``.
    ///
    /// - Parameter container: Where to register them.
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: SaveContact, state: inout ContactList) in
            guard var form = state.addContact else { return }
            guard form.isValid else {
                form.hasAttemptedSave = true
                state.addContact = form
                return
            }
            state.contacts.append(form.contact(id: (state.contacts.ids.max() ?? 0) + 1))
            state.addContact = nil
        }
        container.addReduceFunction { (_, _: CancelAddContact, state: inout ContactList) in
            state.addContact = nil
        }
    }
}
