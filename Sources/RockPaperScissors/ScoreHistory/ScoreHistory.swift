import MultiRedux

/// Every finished round, the matches they make up and the totals derived from them.
///
/// Rounds are only appended, by ``record(player1:player2:bestOf:lineup:)``; the ``totals`` and
/// ``matches`` are maintained as they arrive, so recording and reading any figure cost O(1).
///
/// ```swift
/// var history = ScoreHistory()
/// history.record(player1: .rock, player2: .scissors, bestOf: 3)
/// history.totals.player1Wins    // 1
/// history.openMatch?.player1Wins   // 1
/// ```
///
/// In the app the history is changed only by the score-history feature's reducers:
/// ``RecordRoundReducer`` appends each finished round, a ``ResetAction`` clears it.
public struct ScoreHistory: State, Equatable {
    /// Every finished round, oldest first.
    package private(set) var rounds: [RecordedRound] = []
    /// Every match begun, oldest first; only the last can be open, the others are decided or
    /// abandoned.
    package private(set) var matches: [MatchRecord] = []
    package private(set) var totals = ScoreTotals()
    /// What each person did as player 1, by name.
    private var player1Habits: [String: PlayerHabits] = [:]

    /// An empty history.
    public init() {}

    /// The last match, while it is neither decided nor abandoned.
    package var openMatch: MatchRecord? {
        guard let last = matches.last, last.isOpen else { return nil }
        return last
    }

    /// What the person of that name did as player 1, whoever they played against; O(1).
    package func habits(ofPlayer1Named name: String) -> PlayerHabits {
        player1Habits[name] ?? PlayerHabits()
    }

    /// The match a round by `lineup` would belong to: the open one if they play it, else a new one.
    package func nextMatchNumber(for lineup: Lineup) -> Int {
        guard let open = openMatch, open.lineup == lineup else { return matches.count + 1 }
        return open.number
    }

    /// Appends a finished round to the open match, or to a new match of length `bestOf`.
    ///
    /// A match keeps the length and the players it started with: a round by other players
    /// (another name, opponent or strategy) abandons it, undecided, and starts a new match.
    ///
    /// - Complexity: O(1) amortised when the storage is not shared (the store reduces in place).
    @discardableResult
    package mutating func record(
        player1: Weapon, player2: Weapon, bestOf: Int, lineup: Lineup = Lineup()
    ) -> RecordedRound {
        if let open = openMatch, open.lineup != lineup {
            matches[matches.count - 1].isAbandoned = true
            totals.addAbandonedMatch()
        }
        if openMatch == nil {
            matches.append(MatchRecord(number: matches.count + 1, bestOf: bestOf, lineup: lineup))
        }
        let matchIndex = matches.count - 1
        let round = RecordedRound(
            number: rounds.count + 1, match: matches[matchIndex].number, bestOf: matches[matchIndex].bestOf,
            player1: player1, player2: player2, lineup: lineup)
        rounds.append(round)
        matches[matchIndex].add(round.result)
        totals.add(round, decidedMatch: matches[matchIndex].isDecided)
        player1Habits[lineup.player1Name, default: PlayerHabits()].add(player1)
        return round
    }
}

/// What one person did as player 1, under their name: the weapons they chose and the last one,
/// for the computer strategies that learn from the player they face.
package struct PlayerHabits: Equatable, Sendable {
    package private(set) var weapons = WeaponCounts()
    package private(set) var lastWeapon: Weapon?

    package init() {}

    mutating func add(_ weapon: Weapon) {
        weapons.add(weapon)
        lastWeapon = weapon
    }
}
