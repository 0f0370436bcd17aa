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
    /// The longest player name accepted.
    public static let maximumNameLength = 24
    /// The match lengths accepted (odd numbers only).
    public static let allowedBestOf = 1...99

    /// Player 1's name.
    public private(set) var player1Name = "Player 1"
    /// Player 2's name, used when player 2 is a person.
    public private(set) var player2Name = "Player 2"
    /// Who plays as player 2.
    public private(set) var opponent = Opponent.computer
    /// How the computer chooses, when it plays.
    public private(set) var strategy = ComputerStrategy.random
    /// Match length: best of this many rounds.
    public private(set) var bestOf = 3

    /// The default settings: player 1 against the computer, random strategy, best of 3.
    public init() {}

    /// The settings with one change applied.
    ///
    /// - Parameter change: The change.
    /// - Returns: The changed settings; names are stored without surrounding spaces.
    /// - Throws: ``SettingsError`` when the change is invalid.
    public func applying(_ change: SettingsChange) throws(SettingsError) -> Settings {
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

    /// The name to show for a seat under these settings: player 2 is "Computer" when the
    /// computer plays.
    ///
    /// These are the names for rounds still to be played. A recorded round keeps the names it
    /// was played with (``RecordedRound/name(of:)``).
    ///
    /// - Parameters:
    ///   - player: The seat.
    ///   - opponent: Who plays as player 2 now; by default ``opponent``.
    /// - Returns: The display name.
    public func name(of player: Player, against opponent: Opponent? = nil) -> String {
        Lineup(settings: self, opponent: opponent).name(of: player)
    }

    /// The value of a setting as text, for one of ``SettingsChange/keys``.
    ///
    /// - Parameter key: The setting's key.
    /// - Returns: The value, or `nil` for an unknown key.
    public func value(forKey key: String) -> String? {
        switch key {
        case "player1": player1Name
        case "player2": player2Name
        case "opponent": opponent.rawValue
        case "strategy": strategy.rawValue
        case "best-of": String(bestOf)
        default: nil
        }
    }
}
