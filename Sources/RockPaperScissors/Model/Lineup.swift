/// Who plays: player 1 by name, and player 2, a person by name or the computer with its
/// strategy.
///
/// Each recorded round keeps the lineup that played it, so the history shows the names that
/// were true then, whatever the settings say now. A match is played by one lineup: a round
/// with another lineup leaves an open match unfinished and starts a new one (see
/// ``ScoreHistory/record(player1:player2:bestOf:lineup:)``).
///
/// ```swift
/// let lineup = Lineup(settings: settings, opponent: .human)
/// lineup.name(of: .two)    // settings.player2Name
/// lineup.description       // "Ann vs Bob"
/// ```
///
/// Names are valid as ``Settings`` names are (1 to ``Settings/maximumNameLength`` characters,
/// not only spaces, no control characters), so every `Lineup` value can be shown and saved.
public struct Lineup: Hashable, Sendable, CustomStringConvertible {
    /// Who plays as player 2.
    public enum SecondPlayer: Hashable, Sendable {
        /// A person at the same keyboard (pass-and-play), by name.
        case person(name: String)
        /// The computer, choosing by a strategy.
        case computer(strategy: ComputerStrategy)
    }

    /// The name the computer plays under.
    public static let computerName = "Computer"

    /// Player 1's name.
    public let player1Name: String
    /// Player 2.
    public let player2: SecondPlayer

    /// The lineup of the default settings: "Player 1" against the computer, random strategy.
    public init() {
        self.init(settings: Settings())
    }

    /// The lineup the settings name, with the opponent and the strategy a session may choose
    /// instead (`rps play --opponent`, `--strategy`).
    ///
    /// - Parameters:
    ///   - settings: The player names, and the opponent and strategy unless given.
    ///   - opponent: Who plays as player 2 instead of ``Settings/opponent``.
    ///   - strategy: How the computer plays instead of ``Settings/strategy``; ignored against a
    ///     person.
    public init(settings: Settings, opponent: Opponent? = nil, strategy: ComputerStrategy? = nil) {
        player1Name = settings.player1Name
        switch opponent ?? settings.opponent {
        case .human: player2 = .person(name: settings.player2Name)
        case .computer: player2 = .computer(strategy: strategy ?? settings.strategy)
        }
    }

    /// A lineup from names, checked as settings names are.
    ///
    /// - Parameters:
    ///   - player1Name: Player 1's name; stored without surrounding spaces.
    ///   - player2: Player 2; a person's name is stored without surrounding spaces.
    /// - Throws: ``SettingsError/invalidName(key:name:)`` for a blank, over-long or
    ///   control-character name.
    public init(player1Name: String, player2: SecondPlayer) throws(SettingsError) {
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

    /// Whether player 2 is a person or the computer.
    public var opponent: Opponent {
        switch player2 {
        case .person: .human
        case .computer: .computer
        }
    }

    /// The name to show for a seat: player 2 is ``computerName`` when the computer plays.
    ///
    /// - Parameter player: The seat.
    /// - Returns: The display name.
    public func name(of player: Player) -> String {
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
