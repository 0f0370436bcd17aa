import MultiRedux
import ReduxUI

/// A contact screen's logic: loading its notes, and handing the list the contact it edits.
///
/// A screen is an element of ``ContactList/path``, not a part of the state a feature can be placed
/// at, so its reducers run on ``ContactList`` and find the screen by its contact. Place it at the
/// list's part, after ``ContactListFeature`` (whose binding reducer must apply a write before this
/// feature reacts to it).
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // the clock dependency
struct ContactDetailFeature: LogicFeature {
    /// How long a screen waits before asking for its notes: a screen passed through on the way
    /// back costs no request.
    static let notesDelay = Duration.milliseconds(300)

    /// Registers the detail's reducers, on ``ContactList``.
    ///
    /// - Parameter container: Where to register them.
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction {
            (provider, action: LoadNotes, state: inout ContactList) -> Effect<ContactList> in
            state.path.updateScreens(of: action.contactID) {
                $0.isLoadingNotes = true
                $0.notesError = nil
            }
            let (clock, client) = (provider.dependencies.clock, provider.dependencies.contactsClient)
            let contactID = action.contactID
            return .run(id: ContactDetailEffect.notes(contactID), cancelInFlight: true) { effect in
                try await clock.sleep(for: Self.notesDelay)
                let notes = try await client.notes(contactID)
                effect.update { state in
                    state.path.updateScreens(of: contactID) {
                        $0.notes = notes
                        $0.isLoadingNotes = false
                    }
                }
            } catch: { error, effect in
                effect.update { state in
                    state.path.updateScreens(of: contactID) {
                        $0.notesError = "The notes could not be loaded (\(error))."
                        $0.isLoadingNotes = false
                    }
                }
            }
        }
        // The name field writes the screen's copy of the contact; the list takes it too.
        container.addReduceFunction { (_, action: BindingAction<ContactList>, state: inout ContactList) in
            guard action.field == \ContactDetail.contact, let screen = action.elementID(in: \ContactList.path),
                let contact = state.path[id: screen]?.contact, state.contacts.contains(id: contact.id)
            else { return }
            state.contacts[id: contact.id] = contact
        }
    }
}
