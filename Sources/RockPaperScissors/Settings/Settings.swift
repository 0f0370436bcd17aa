import MultiRedux

/// Who plays, how the computer plays, and how long a match is.
///
/// Settings only change through validated ``SettingsChange`` values, so a `Settings` value is
/// always valid: names are 1 to ``maximumNameLength`` characters, the match length is odd and
/// within ``allowedBestOf``.
///
/// ```swift
/// let settings = try Settings().applying(.bestOf(5))
/// settings.bestOf   // 5
/// ```
public struct Settings: State, Equatable {
    package static let maximumNameLength = 24
    /// The match lengths accepted (odd numbers only).
    package static let allowedBestOf = 1...99

    package private(set) var player1Name = "Player 1"
    /// Used when player 2 is a person.
    package private(set) var player2Name = "Player 2"
    package private(set) var opponent = Opponent.computer
    package private(set) var strategy = ComputerStrategy.random
    /// Best of this many rounds.
    package private(set) var bestOf = 3

    /// The default settings: player 1 against the computer, random strategy, best of 3.
    public init() {}

    /// The settings with one change applied; names are stored without surrounding spaces.
    package func applying(_ change: SettingsChange) throws(SettingsError) -> Settings {
        try change.validate()
        var next = self
        switch change {
        case .player1Name(let name): next.player1Name = name.trimmingSpaces()
        case .player2Name(let name): next.player2Name = name.trimmingSpaces()
        case .opponent(let opponent): next.opponent = opponent
        case .strategy(let strategy): next.strategy = strategy
        case .bestOf(let count): next.bestOf = count
        }
        return next
    }

    /// The value of a setting as text, for one of ``SettingsChange/keys``; `nil` for another key.
    package func value(forKey key: String) -> String? {
        let current: [SettingsChange] = [
            .player1Name(player1Name), .player2Name(player2Name), .opponent(opponent), .strategy(strategy),
            .bestOf(bestOf),
        ]
        return current.first { $0.key == key }?.value
    }
}

extension Settings: Codable {
    private enum CodingKeys: String, CodingKey {
        case player1Name, player2Name, opponent, strategy, bestOf
    }

    /// Reads settings: the default for a missing field, a ``SettingsError`` message for an invalid one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let changes: [SettingsChange?] = [
            try container.decodeIfPresent(String.self, forKey: .player1Name).map(SettingsChange.player1Name),
            try container.decodeIfPresent(String.self, forKey: .player2Name).map(SettingsChange.player2Name),
            try container.decodeIfPresent(Opponent.self, forKey: .opponent).map(SettingsChange.opponent),
            try container.decodeIfPresent(ComputerStrategy.self, forKey: .strategy).map(SettingsChange.strategy),
            try container.decodeIfPresent(Int.self, forKey: .bestOf).map(SettingsChange.bestOf),
        ]
        self = try SettingsError.decoding(in: container) { () throws(SettingsError) in
            var settings = Settings()
            for case let change? in changes {
                settings = try settings.applying(change)
            }
            return settings
        }
    }
}
