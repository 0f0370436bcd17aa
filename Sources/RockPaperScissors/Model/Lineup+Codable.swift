extension Lineup: Codable {
    private enum CodingKeys: String, CodingKey {
        case player1Name, opponent, player2Name, strategy
    }

    /// Reads a lineup, refusing invalid names: `opponent` says whether `player2Name` (a person)
    /// or `strategy` (the computer) follows, as in the settings.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` with the ``SettingsError`` message for an invalid
    ///   name, or the decoder's error for a missing field or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let player1Name = try container.decode(String.self, forKey: .player1Name)
        let player2: SecondPlayer =
            switch try container.decode(Opponent.self, forKey: .opponent) {
            case .human: .person(name: try container.decode(String.self, forKey: .player2Name))
            case .computer: .computer(strategy: try container.decode(ComputerStrategy.self, forKey: .strategy))
            }
        do {
            self = try Lineup(player1Name: player1Name, player2: player2)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: container.codingPath, debugDescription: error.description))
        }
    }

    /// Writes player 1's name, the opponent, and player 2's name or the computer's strategy.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(player1Name, forKey: .player1Name)
        try container.encode(opponent, forKey: .opponent)
        switch player2 {
        case .person(let name): try container.encode(name, forKey: .player2Name)
        case .computer(let strategy): try container.encode(strategy, forKey: .strategy)
        }
    }
}
