/// Who plays: player 1 by name, and player 2, a person by name or the computer with its
/// strategy.
///
/// Each recorded round keeps the lineup that played it, so the history shows the names true
/// then; a match is played by one lineup (``ScoreHistory/record(player1:player2:bestOf:lineup:)``).
///
/// ```swift
/// let lineup = Lineup(settings: settings, opponent: .human)
/// lineup.name(of: .two)    // settings.player2Name
/// lineup.description       // "Ann vs Bob"
/// ```
///
/// Names are valid as ``Settings`` names are, so every `Lineup` value can be shown and saved.
public struct Lineup: Hashable, Sendable, CustomStringConvertible {
    /// Who plays as player 2.
    public enum SecondPlayer: Hashable, Sendable {
        /// A person at the same keyboard (pass-and-play), by name.
        case person(name: String)
        /// The computer, choosing by a strategy.
        case computer(strategy: ComputerStrategy)
    }

    package static let computerName = "Computer"

    package let player1Name: String
    package let player2: SecondPlayer

    /// The lineup of the default settings.
    package init() {
        self.init(settings: Settings())
    }

    /// The lineup the settings name, with the opponent and the strategy a session may choose
    /// instead (`rps play --opponent`, `--strategy`); the strategy is ignored against a person.
    package init(settings: Settings, opponent: Opponent? = nil, strategy: ComputerStrategy? = nil) {
        player1Name = settings.player1Name
        switch opponent ?? settings.opponent {
        case .human: player2 = .person(name: settings.player2Name)
        case .computer: player2 = .computer(strategy: strategy ?? settings.strategy)
        }
    }

    /// A lineup from names, checked and trimmed as settings names are.
    package init(player1Name: String, player2: SecondPlayer) throws(SettingsError) {
        try SettingsChange.player1Name(player1Name).validate()
        self.player1Name = player1Name.trimmingSpaces()
        switch player2 {
        case .person(let name):
            try SettingsChange.player2Name(name).validate()
            self.player2 = .person(name: name.trimmingSpaces())
        case .computer:
            self.player2 = player2
        }
    }

    package var opponent: Opponent {
        switch player2 {
        case .person: .human
        case .computer: .computer
        }
    }

    /// The name to show for a seat: player 2 is ``computerName`` when the computer plays.
    package func name(of player: Player) -> String {
        switch (player, player2) {
        case (.one, _): player1Name
        case (.two, .person(let name)): name
        case (.two, .computer): Self.computerName
        }
    }

    /// "Ann vs Bob", or "Ann vs Computer (counter strategy)".
    public var description: String {
        switch player2 {
        case .person(let name): "\(player1Name) vs \(name)"
        case .computer(let strategy): "\(player1Name) vs \(Self.computerName) (\(strategy.rawValue) strategy)"
        }
    }
}

extension Lineup: Codable {
    private enum CodingKeys: String, CodingKey {
        case player1Name, opponent, player2Name, strategy
    }

    /// Reads a lineup, refusing invalid names: `player2Name` or `strategy` follows `opponent`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let player1Name = try container.decode(String.self, forKey: .player1Name)
        let player2: SecondPlayer =
            switch try container.decode(Opponent.self, forKey: .opponent) {
            case .human: .person(name: try container.decode(String.self, forKey: .player2Name))
            case .computer: .computer(strategy: try container.decode(ComputerStrategy.self, forKey: .strategy))
            }
        self = try SettingsError.decoding(in: container) { () throws(SettingsError) in
            try Lineup(player1Name: player1Name, player2: player2)
        }
    }

    /// Writes player 1's name, the opponent, and player 2's name or the strategy.
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
