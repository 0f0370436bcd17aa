import MultiRedux

/// The address book, as the app's effects reach it: the contacts, and the notes kept about each.
///
/// A store gets it from its dependencies (`provider.dependencies.contactsClient`), so a test
/// swaps it for the whole app, and a preview's store reads ``preview``:
///
/// ```swift
/// Store(initialState: ContactsState(), features: ContactsState.features,
///       dependencies: .testing { $0.contactsClient = .stub() })
/// ```
struct ContactsClient: Sendable {
    /// Every contact, in the order the list shows them.
    var load: @Sendable () async throws -> [Contact]
    /// The notes kept about a contact.
    var notes: @Sendable (_ id: Contact.ID) async throws -> String
}

extension ContactsClient {
    /// The built-in address book, answering at once: for previews.
    static let preview = ContactsClient(
        load: { Contact.samples },
        notes: { id in
            let name = Contact.samples.first { $0.id == id }?.name ?? "This contact"
            return "\(name) was added from the sample address book."
        })

    /// What the app uses: the example has no server, so it serves the built-in address book with
    /// the latency of one (half a second), which the loading states make visible.
    static let live = ContactsClient(
        load: {
            try await Task.sleep(nanoseconds: 500_000_000)
            return try await preview.load()
        },
        notes: { id in
            try await Task.sleep(nanoseconds: 500_000_000)
            return try await preview.notes(id)
        })
}

/// The key of ``Dependencies/contactsClient``: previews read the built-in address book. It has no
/// test value: a test that reads the client without stubbing it fails, naming it, and its reducers
/// get the preview address book (stub it in every test, as the tests' `ContactsClient.stub()` does).
private let contactsClientKey = DependencyKey(live: ContactsClient.live, preview: ContactsClient.preview)

extension Dependencies {
    /// The address book the contacts features load from; ``ContactsClient/live`` unless overridden.
    var contactsClient: ContactsClient {
        get { self[contactsClientKey] }
        set { self[contactsClientKey] = newValue }
    }
}
