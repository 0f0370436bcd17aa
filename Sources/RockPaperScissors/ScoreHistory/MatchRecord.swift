/// A best-of-N match between one lineup: the rounds each player won so far and, once decided,
/// the winner.
///
/// A match is won by the first player to win a majority of its length (2 of a best of 3).
/// Draws do not count towards it, so a match may take more rounds than its length. A match is
/// played by the players it started with: when a round by other players is recorded while it
/// is undecided, it is *abandoned*, stays in the history unfinished and without a winner, and
/// the round starts a new match.
public struct MatchRecord: Equatable, Sendable {
    /// The match number, from 1.
    public let number: Int
    /// The match length: best of this many rounds.
    public let bestOf: Int
    /// Who plays the match.
    public let lineup: Lineup
    /// Rounds won by player 1.
    public internal(set) var player1Wins = 0
    /// Rounds won by player 2.
    public internal(set) var player2Wins = 0
    /// Drawn rounds.
    public internal(set) var draws = 0
    /// Whether the match was left undecided because other players started a new one.
    public internal(set) var isAbandoned = false

    /// Creates a match with no rounds played.
    ///
    /// - Parameters:
    ///   - number: The match number, from 1.
    ///   - bestOf: The match length, an odd number.
    ///   - lineup: Who plays it; by default the players of the default settings.
    public init(number: Int, bestOf: Int, lineup: Lineup = Lineup()) {
        self.number = number
        self.bestOf = bestOf
        self.lineup = lineup
    }

    /// Round wins a player needs to take the match.
    public var winsNeeded: Int { bestOf / 2 + 1 }

    /// Rounds played in the match, draws included.
    public var roundsPlayed: Int { player1Wins + player2Wins + draws }

    /// Rounds a player has won in this match.
    ///
    /// - Parameter player: The seat.
    /// - Returns: Round wins.
    public func wins(of player: Player) -> Int {
        player == .one ? player1Wins : player2Wins
    }

    /// The player who took the match, or `nil` while it is undecided (and for ever, once
    /// abandoned).
    public var winner: Player? {
        if player1Wins >= winsNeeded { return .one }
        if player2Wins >= winsNeeded { return .two }
        return nil
    }

    /// Whether a player has won the match.
    public var isDecided: Bool { winner != nil }

    /// Whether the match can still take rounds: neither decided nor abandoned.
    public var isOpen: Bool { !isDecided && !isAbandoned }

    /// Counts a finished round.
    ///
    /// - Parameter result: How the round ended.
    mutating func add(_ result: RoundResult) {
        switch result {
        case .draw: draws += 1
        case .player1Wins: player1Wins += 1
        case .player2Wins: player2Wins += 1
        }
    }
}
