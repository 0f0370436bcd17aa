public import ReduxCore

/// The action types a journal file may name, which reading decodes: the app registers the
/// `Codable` actions it records.
///
/// ```swift
/// let actions = RecordableActions([Increment.self, Rename.self])
/// let journal = try Journal<Counter>(contentsOf: path, actions: actions)
/// ```
public struct RecordableActions: Sendable {
    /// Decodes an action's payload, by the type name a journal line gives.
    let decoders: [String: @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action]

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

    private static func decoder<Decoded: Action & Decodable>(
        for _: Decoded.Type
    ) -> @Sendable (KeyedDecodingContainer<JournalLineKey>) throws -> any Action {
        { container in try container.decode(Decoded.self, forKey: .payload) }
    }
}

/// The keys of a journal line.
enum JournalLineKey: String, CodingKey {
    case seq, type, payload, reducer, state, replayable, after
}
