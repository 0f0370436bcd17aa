public import ReduxCore
internal import ReduxShared
public import ReduxStore

/// The action types a journal file may name, which reading decodes: those the features of a store
/// record, or a list.
///
/// ```swift
/// let journal = try Journal<Counter>(contentsOf: path, actions: RecordableActions(store))
/// let listed = RecordableActions([Increment.self, Rename.self])
/// ```
public struct RecordableActions: Sendable {
    /// Decodes an action's payload, by the type name a journal line gives.
    private(set) var decoders: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action]

    /// Registers action types by the names a recorder writes for them: `Feature.Action` when a
    /// feature's reducer handles the action (any feature's name is accepted), else
    /// `String(reflecting:)`, the name earlier versions wrote for every action.
    ///
    /// - Parameter types: The action types to decode.
    public init(_ types: [any (Action & Decodable).Type]) {
        var decoders: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action] = [:]
        var unqualified: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action] = [:]
        for type in types {
            let decode = Self.decoder(for: type)
            decoders[journalName(of: type)] = decode
            unqualified[unqualifiedName(of: type)] = decode
        }
        self.decoders = decoders
        self.unqualified = unqualified
    }

    /// Whether a journal line this version cannot turn into an entry (a type not listed, a
    /// payload or state that no longer decodes) is read as a
    /// ``JournalEntry/notReplayable(typeName:)`` entry, and noted, instead of refused: what a
    /// state file reads after a crash when a feature placed then is not placed now, or an
    /// action's form changed in between. A line that is not a journal line is still refused.
    package var passesOverUnreadable = false

    /// Whether an action of a type name is read as an ``UnansweredAction``, which replays as
    /// nothing, instead of refused: for the actions of a store (``init(_:)-(Store<Root>)``), true
    /// of a type no reducer of the store can handle.
    private(set) var isUnanswered: @Sendable (_ typeName: String) -> Bool = { _ in false }

    /// The listed types by their names without the module, for a name a feature qualifies.
    private var unqualified: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action] = [:]

    /// The decoder of a type name a journal line gives: registered under that name, or, for a
    /// `Feature.Action` name, a listed type of that unqualified name.
    func decoder(named typeName: String) -> (@Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action)? {
        if let decode = decoders[typeName] ?? decoders[portableTypeName(typeName)] {
            return decode
        }
        guard let dot = typeName.firstIndex(of: ".") else { return nil }
        return unqualified[String(typeName[typeName.index(after: dot)...])]
    }

    /// Registers the action types the features of a store record (the `Codable` actions their
    /// reducers handle), by the names a recorder writes for them
    /// (`Feature.Action`) and by their module-qualified names (`String(reflecting:)`), which
    /// journals written before the features declared them use.
    ///
    /// - Parameter store: The store whose features to ask: the one the journal is replayed into.
    /// - Complexity: O(*n*) in the number of declared types.
    public init<Root>(_ store: Store<Root>) {
        self.init([])
        isUnanswered = { !store.recordingSeam.mayHandle(actionNamed: $0) }
        for (name, type) in store.recordingSeam.recordedActions {
            let decode = Self.decoder(for: type)
            decoders[name] = decode
            decoders[journalName(of: type), default: decode] = decode
        }
    }

    private static func decoder<Decoded: Action & Decodable>(
        for _: Decoded.Type
    ) -> @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action {
        { container in try container.decode(Decoded.self, forKey: .payload) }
    }
}

/// The keys of a journal line.
enum JournalLineKey: String, CodingKey {
    case seq, type, payload, reducer, state, replayable, after, cause, site, time
}
