import MultiRedux
import ReduxUI

/// A contact screen's logic: its bindings, and loading its notes.
///
/// Written for one screen's state, ``ContactDetail``, and placed at each screen of the list's
/// stack (`ContactDetailFeature().forEach(\.list.path)`): its actions name no screen, the scope
/// that sends one says which, and the screen's notes load ends when the screen is popped. Its own
/// tests place it at the root of a ``ContactDetail``, as it ships.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)  // the clock dependency
struct ContactDetailFeature: LogicFeature {
    /// How long a screen waits before asking for its notes: a screen passed through on the way
    /// back costs no request.
    static let notesDelay = Duration.milliseconds(300)

    /// Registers the detail's reducers, on ``ContactDetail``.
    ///
    /// - Parameter container: Where to register them.
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: ContactDetail.self)
        container.addAsyncReduceFunction {
            (provider, _: LoadNotes, screen: inout ContactDetail) -> Effect<ContactDetail> in
            screen.isLoadingNotes = true
            screen.notesError = nil
            let (clock, client) = (provider.dependencies.clock, provider.dependencies.contactsClient)
            let contactID = screen.contact.id
            return .run(id: ContactDetailEffect.notes, cancelInFlight: true) { effect in
                try await clock.sleep(for: Self.notesDelay)
                let notes = try await client.notes(contactID)
                effect.update {
                    $0.notes = notes
                    $0.isLoadingNotes = false
                }
            } catch: { error, effect in
                effect.update {
                    $0.notesError = "The notes could not be loaded (\(error))."
                    $0.isLoadingNotes = false
                }
            }
        }
    }
}
