/// A best-of-N match between one lineup: the rounds each player won so far and, once decided,
/// the winner.
///
/// A match is won by the first player to win a majority of its length (2 of a best of 3); draws
/// do not count. A round by other players *abandons* an undecided match: it stays unfinished,
/// and the round starts a new match.
package struct MatchRecord: Equatable, Sendable {
    package let number: Int
    /// Best of this many rounds, an odd number.
    package let bestOf: Int
    package let lineup: Lineup
    package internal(set) var player1Wins = 0
    package internal(set) var player2Wins = 0
    package internal(set) var draws = 0
    /// Whether the match was left undecided because other players started a new one.
    package internal(set) var isAbandoned = false

    package var winsNeeded: Int { bestOf / 2 + 1 }

    package var roundsPlayed: Int { player1Wins + player2Wins + draws }

    /// The player who took the match; `nil` while undecided, and for ever once abandoned.
    package var winner: Player? {
        if player1Wins >= winsNeeded { return .one }
        if player2Wins >= winsNeeded { return .two }
        return nil
    }

    package var isDecided: Bool { winner != nil }

    package var isOpen: Bool { !isDecided && !isAbandoned }

    mutating func add(_ result: RoundResult) {
        switch result {
        case .draw: draws += 1
        case .player1Wins: player1Wins += 1
        case .player2Wins: player2Wins += 1
        }
    }
}
