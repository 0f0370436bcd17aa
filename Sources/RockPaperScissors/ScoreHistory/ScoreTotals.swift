/// The figures derived from the score history, kept up to date as rounds are recorded.
///
/// Every figure is maintained incrementally: recording a round updates each in O(1), and
/// reading one costs O(1), however long the history is.
package struct ScoreTotals: Equatable, Sendable {
    package private(set) var player1Wins = 0
    package private(set) var player2Wins = 0
    package private(set) var draws = 0
    package private(set) var player1Weapons = WeaponCounts()
    package private(set) var player2Weapons = WeaponCounts()
    /// The streak still running; `nil` after a draw or before any round.
    package private(set) var currentStreak: Streak?
    /// The longest streak ever; of equal streaks, the one reached first.
    package private(set) var longestStreak: Streak?
    /// Matches won by each player, and left undecided because other players started a new one.
    package private(set) var player1Matches = 0
    package private(set) var player2Matches = 0
    package private(set) var abandonedMatches = 0
    /// The names each seat had in the rounds counted.
    package private(set) var player1Names = SeatNames.unused
    package private(set) var player2Names = SeatNames.unused

    package var rounds: Int { player1Wins + player2Wins + draws }

    package func weapons(of player: Player) -> WeaponCounts {
        player == .one ? player1Weapons : player2Weapons
    }

    package func names(of player: Player) -> SeatNames {
        player == .one ? player1Names : player2Names
    }

    /// The label for a seat over all the rounds counted: the name it always had, else
    /// "Player 1" or "Player 2".
    package func label(of player: Player) -> String {
        guard case .one(let name) = names(of: player) else { return player.seatName }
        return name
    }

    mutating func addAbandonedMatch() {
        abandonedMatches += 1
    }

    /// Counts a finished round; `decidedMatch` says whether it decided its match.
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
        let length = currentStreak.map { $0.player == winner ? $0.length + 1 : 1 } ?? 1
        currentStreak = Streak(player: winner, length: length)
        if length > longestStreak?.length ?? 0 {
            longestStreak = currentStreak
        }
    }
}

/// Consecutive rounds won by the same player; a round won by the other player, or a draw, ends
/// it.
package struct Streak: Equatable, Sendable {
    package var player: Player
    package var length: Int

    package init(player: Player, length: Int) {
        self.player = player
        self.length = length
    }
}

/// The names one seat had over the rounds counted: none yet, always the same, or several (the
/// reports then say "Player 1" or "Player 2").
package enum SeatNames: Equatable, Sendable {
    case unused
    case one(String)
    case several

    mutating func add(_ name: String) {
        switch self {
        case .unused: self = .one(name)
        case .one(let previous) where previous != name: self = .several
        case .one, .several: break
        }
    }
}

/// How often each weapon was chosen.
package struct WeaponCounts: Equatable, Sendable {
    package private(set) var rock = 0
    package private(set) var paper = 0
    package private(set) var scissors = 0

    package subscript(weapon: Weapon) -> Int {
        switch weapon {
        case .rock: rock
        case .paper: paper
        case .scissors: scissors
        }
    }

    mutating func add(_ weapon: Weapon) {
        switch weapon {
        case .rock: rock += 1
        case .paper: paper += 1
        case .scissors: scissors += 1
        }
    }

    package var total: Int { rock + paper + scissors }

    /// The weapons chosen most often, in `Weapon.allCases` order; all three when nothing was
    /// counted or all counts tie.
    package var mostFrequent: [Weapon] {
        let top = Weapon.allCases.map { self[$0] }.max() ?? 0
        return Weapon.allCases.filter { self[$0] == top }
    }
}
