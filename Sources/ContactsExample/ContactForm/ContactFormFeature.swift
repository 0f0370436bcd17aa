import MultiRedux
import ReduxUI

/// The form's logic, written for the form's state alone: its bindings; Save checks the form and hands the new
/// contact to whoever presented it (``ContactFormSaved``), Cancel dismisses the form.
///
/// Placed at the list's optional form, `ContactFormFeature().ifLet(\.list.addContact)`: its
/// reducers run while the form is presented, and it never names the list. Its tests run the same
/// value with the form as the root (`ContactFormFeature().at(\.self)`).
struct ContactFormFeature: LogicFeature {
    /// Registers the form's reducers, on ``ContactForm``.
    ///
    /// - Parameter container: Where to register them.
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: ContactForm.self)
        container.addAsyncReduceFunction { (_, _: SaveContact, form: inout ContactForm) -> Effect<ContactForm> in
            guard form.isValid else {
                form.hasAttemptedSave = true
                return .none
            }
            return .send(ContactFormSaved(name: form.trimmedName, phone: form.trimmedPhone))
        }
        container.addAsyncReduceFunction { (_, _: CancelAddContact, _: inout ContactForm) -> Effect<ContactForm> in
            .dismiss
        }
    }
}
