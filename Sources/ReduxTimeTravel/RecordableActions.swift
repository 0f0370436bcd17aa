public import ReduxCore
public import ReduxStore

/// The action types a journal file may name, which reading decodes: those the features of a store
/// declare they record, or a list.
///
/// ```swift
/// let journal = try Journal<Counter>(contentsOf: path, actions: RecordableActions(store))
/// let listed = RecordableActions([Increment.self, Rename.self])
/// ```
public struct RecordableActions: Sendable {
    /// Decodes an action's payload, by the type name a journal line gives.
    private(set) var decoders: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action]

    /// Registers action types by the names a recorder writes for them (`String(reflecting:)`).
    ///
    /// - Parameter types: The action types to decode.
    public init(_ types: [any (Action & Decodable).Type]) {
        var decoders: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action] = [:]
        for type in types {
            decoders[String(reflecting: type)] = Self.decoder(for: type)
        }
        self.decoders = decoders
    }

    /// Registers the action types the features of a store declare they record
    /// (`LogicFeature.recordedActions`), by the names a recorder writes for them
    /// (`Feature.Action`) and by their module-qualified names (`String(reflecting:)`), which
    /// journals written before the features declared them use.
    ///
    /// - Parameter store: The store whose features to ask: the one the journal is replayed into.
    /// - Complexity: O(*n*) in the number of declared types.
    public init<Root>(_ store: Store<Root>) {
        self.init([])
        for (name, type) in store.recordedActions {
            let decode = Self.decoder(for: type)
            decoders[name] = decode
            decoders[String(reflecting: type), default: decode] = decode
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
    case seq, type, payload, reducer, state, replayable, after, cause
}
