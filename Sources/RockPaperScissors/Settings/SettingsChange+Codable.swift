extension SettingsChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, value
    }

    /// The new value as text, as `rps settings set <key> <value>` takes it.
    public var value: String {
        switch self {
        case .player1Name(let name), .player2Name(let name): name
        case .opponent(let opponent): opponent.rawValue
        case .strategy(let strategy): strategy.rawValue
        case .bestOf(let count): String(count)
        }
    }

    /// Reads a change written as its key and value (`{"key": "best-of", "value": "5"}`), and
    /// validates it as ``init(key:value:)`` does.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` with the ``SettingsError`` message for an unknown
    ///   key or an invalid value, or the decoder's error for a missing field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let key = try container.decode(String.self, forKey: .key)
        let value = try container.decode(String.self, forKey: .value)
        do {
            self = try SettingsChange(key: key, value: value)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: container.codingPath, debugDescription: error.description))
        }
    }

    /// Writes the change's key and its value as text.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
    }
}
