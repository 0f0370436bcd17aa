import MultiRedux

/// Every finished round, the matches they make up and the totals derived from them.
///
/// Rounds are only ever appended, by ``record(player1:player2:bestOf:lineup:)``. The totals
/// (``totals``) and the match records (``matches``) are maintained as rounds arrive, so
/// recording costs O(1) amortised and reading any figure costs O(1), however long the history.
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
    public private(set) var rounds: [RecordedRound] = []
    /// Every match begun, oldest first; only the last can be open, the others are decided or
    /// abandoned.
    public private(set) var matches: [MatchRecord] = []
    /// Figures derived from the rounds.
    public private(set) var totals = ScoreTotals()
    /// What each person did as player 1, by name.
    private var player1Habits: [String: PlayerHabits] = [:]

    /// Creates an empty history.
    public init() {}

    /// The last match, while it is open (neither decided nor abandoned).
    public var openMatch: MatchRecord? {
        guard let last = matches.last, last.isOpen else { return nil }
        return last
    }

    /// What the person of that name did as player 1, in every round they played, whoever they
    /// played against.
    ///
    /// - Parameter name: Player 1's name, as a ``Lineup`` holds it.
    /// - Returns: Their weapon counts and last weapon; empty for someone who has not played.
    /// - Complexity: O(1) on average: the habits are kept up to date as rounds are recorded.
    public func habits(ofPlayer1Named name: String) -> PlayerHabits {
        player1Habits[name] ?? PlayerHabits()
    }

    /// The number of the match a round by `lineup` would belong to: the open match when the
    /// same players play it, else a new one.
    ///
    /// - Parameter lineup: Who would play the round.
    /// - Returns: The match number.
    public func nextMatchNumber(for lineup: Lineup) -> Int {
        guard let open = openMatch, open.lineup == lineup else { return matches.count + 1 }
        return open.number
    }

    /// Appends a finished round to the open match, or to a new match of length `bestOf`.
    ///
    /// A match keeps the length and the players it started with. A changed match length
    /// applies from the next match. A round by other players (another name, opponent or
    /// computer strategy) abandons the open match, which stays in ``matches`` undecided, and
    /// starts a new match.
    ///
    /// - Parameters:
    ///   - player1: Player 1's weapon.
    ///   - player2: Player 2's weapon.
    ///   - bestOf: The length for a new match; ignored while the same players' match is open.
    ///   - lineup: Who played; by default the players of the default settings.
    /// - Returns: The recorded round.
    /// - Complexity: O(1) amortised when the history's storage is not shared (the store reduces
    ///   in place, so it is not): only the last match is looked at.
    @discardableResult
    public mutating func record(
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
