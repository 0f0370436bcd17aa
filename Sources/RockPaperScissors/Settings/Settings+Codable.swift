extension Settings: Codable {
    private enum CodingKeys: String, CodingKey {
        case player1Name, player2Name, opponent, strategy, bestOf
    }

    /// Reads settings, taking the default for a missing field and refusing invalid values.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` with the ``SettingsError`` message for an invalid
    ///   value, or the decoder's error for a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var changes: [SettingsChange] = []
        if let name = try container.decodeIfPresent(String.self, forKey: .player1Name) {
            changes.append(.player1Name(name))
        }
        if let name = try container.decodeIfPresent(String.self, forKey: .player2Name) {
            changes.append(.player2Name(name))
        }
        if let opponent = try container.decodeIfPresent(Opponent.self, forKey: .opponent) {
            changes.append(.opponent(opponent))
        }
        if let strategy = try container.decodeIfPresent(ComputerStrategy.self, forKey: .strategy) {
            changes.append(.strategy(strategy))
        }
        if let bestOf = try container.decodeIfPresent(Int.self, forKey: .bestOf) {
            changes.append(.bestOf(bestOf))
        }
        var settings = Settings()
        for change in changes {
            do {
                settings = try settings.applying(change)
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: container.codingPath, debugDescription: error.description))
            }
        }
        self = settings
    }

    /// Writes every field.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(player1Name, forKey: .player1Name)
        try container.encode(player2Name, forKey: .player2Name)
        try container.encode(opponent, forKey: .opponent)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(bestOf, forKey: .bestOf)
    }
}
