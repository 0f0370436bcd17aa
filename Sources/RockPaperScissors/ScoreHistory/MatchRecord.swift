/// A best-of-N match: the rounds each player won so far and, once decided, the winner.
///
/// A match is won by the first player to win a majority of its length (2 of a best of 3).
/// Draws do not count towards it, so a match may take more rounds than its length.
public struct MatchRecord: Equatable, Sendable {
    /// The match number, from 1.
    public let number: Int
    /// The match length: best of this many rounds.
    public let bestOf: Int
    /// Rounds won by player 1.
    public internal(set) var player1Wins = 0
    /// Rounds won by player 2.
    public internal(set) var player2Wins = 0
    /// Drawn rounds.
    public internal(set) var draws = 0

    /// Creates a match with no rounds played.
    ///
    /// - Parameters:
    ///   - number: The match number, from 1.
    ///   - bestOf: The match length, an odd number.
    public init(number: Int, bestOf: Int) {
        self.number = number
        self.bestOf = bestOf
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

    /// The player who took the match, or `nil` while it is undecided.
    public var winner: Player? {
        if player1Wins >= winsNeeded { return .one }
        if player2Wins >= winsNeeded { return .two }
        return nil
    }

    /// Whether a player has won the match.
    public var isDecided: Bool { winner != nil }

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
