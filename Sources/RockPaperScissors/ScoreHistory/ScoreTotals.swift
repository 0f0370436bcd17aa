/// The figures derived from the score history, kept up to date as rounds are recorded.
///
/// Every figure is maintained incrementally: recording a round updates each in O(1), and
/// reading one costs O(1), however long the history is.
public struct ScoreTotals: Equatable, Sendable {
    /// Rounds won by player 1.
    public private(set) var player1Wins = 0
    /// Rounds won by player 2.
    public private(set) var player2Wins = 0
    /// Drawn rounds.
    public private(set) var draws = 0
    /// Weapons chosen by player 1.
    public private(set) var player1Weapons = WeaponCounts()
    /// Weapons chosen by player 2.
    public private(set) var player2Weapons = WeaponCounts()
    /// The streak still running at the end of the history, or `nil` after a draw or before
    /// any round.
    public private(set) var currentStreak: Streak?
    /// The longest streak ever; of equal streaks, the one reached first.
    public private(set) var longestStreak: Streak?
    /// Matches won by player 1.
    public private(set) var player1Matches = 0
    /// Matches won by player 2.
    public private(set) var player2Matches = 0
    /// Matches left undecided because other players started a new one.
    public private(set) var abandonedMatches = 0
    /// The names player 1 had in the rounds counted.
    public private(set) var player1Names = SeatNames.unused
    /// The names player 2 had in the rounds counted.
    public private(set) var player2Names = SeatNames.unused

    /// Creates totals for an empty history.
    public init() {}

    /// Rounds counted, draws included.
    public var rounds: Int { player1Wins + player2Wins + draws }

    /// Rounds a player won.
    ///
    /// - Parameter player: The seat.
    /// - Returns: Round wins.
    public func wins(of player: Player) -> Int {
        player == .one ? player1Wins : player2Wins
    }

    /// Matches a player won.
    ///
    /// - Parameter player: The seat.
    /// - Returns: Match wins.
    public func matches(wonBy player: Player) -> Int {
        player == .one ? player1Matches : player2Matches
    }

    /// The weapons a player chose.
    ///
    /// - Parameter player: The seat.
    /// - Returns: That player's counts.
    public func weapons(of player: Player) -> WeaponCounts {
        player == .one ? player1Weapons : player2Weapons
    }

    /// The names a seat had in the rounds counted.
    ///
    /// - Parameter player: The seat.
    /// - Returns: That seat's names.
    public func names(of player: Player) -> SeatNames {
        player == .one ? player1Names : player2Names
    }

    /// The label for a seat over all the rounds counted: the name it always had, else
    /// "Player 1" or "Player 2".
    ///
    /// - Parameter player: The seat.
    /// - Returns: The label.
    public func label(of player: Player) -> String {
        names(of: player).single ?? (player == .one ? "Player 1" : "Player 2")
    }

    /// Counts a match abandoned for a new one.
    ///
    /// - Complexity: O(1).
    mutating func addAbandonedMatch() {
        abandonedMatches += 1
    }

    /// Counts a finished round.
    ///
    /// - Parameters:
    ///   - round: The recorded round.
    ///   - decidedMatch: Whether this round decided its match.
    /// - Complexity: O(1).
    mutating func add(_ round: RecordedRound, decidedMatch: Bool) {
        player1Weapons.add(round.player1)
        player2Weapons.add(round.player2)
        player1Names.add(round.name(of: .one))
        player2Names.add(round.name(of: .two))
        guard let winner = round.result.winner else {
            draws += 1
            currentStreak = nil
            return
        }
        if winner == .one { player1Wins += 1 } else { player2Wins += 1 }
        if decidedMatch {
            if winner == .one { player1Matches += 1 } else { player2Matches += 1 }
        }
        var streak = currentStreak ?? Streak(player: winner, length: 0)
        if streak.player != winner {
            streak = Streak(player: winner, length: 0)
        }
        streak.length += 1
        currentStreak = streak
        if streak.length > longestStreak?.length ?? 0 {
            longestStreak = streak
        }
    }
}
