import MultiRedux

/// Every finished round, the matches they make up and the totals derived from them.
///
/// Rounds are only ever appended, by ``record(player1:player2:bestOf:)``. The totals
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
    /// Every match begun, oldest first; only the last can be undecided.
    public private(set) var matches: [MatchRecord] = []
    /// Figures derived from the rounds.
    public private(set) var totals = ScoreTotals()

    /// Creates an empty history.
    public init() {}

    /// The last match, while it is undecided.
    public var openMatch: MatchRecord? {
        guard let last = matches.last, !last.isDecided else { return nil }
        return last
    }

    /// The number of the match the next round belongs to: the open match, or a new one.
    public var nextMatchNumber: Int {
        openMatch?.number ?? matches.count + 1
    }

    /// Appends a finished round to the open match, or to a new match of length `bestOf` when no
    /// match is open.
    ///
    /// A match keeps the length it started with; a changed setting applies from the next match.
    ///
    /// - Parameters:
    ///   - player1: Player 1's weapon.
    ///   - player2: Player 2's weapon.
    ///   - bestOf: The length for a new match; ignored while a match is open.
    /// - Returns: The recorded round.
    /// - Complexity: O(1) amortised when the history's storage is not shared (the store reduces
    ///   in place, so it is not).
    @discardableResult
    public mutating func record(player1: Weapon, player2: Weapon, bestOf: Int) -> RecordedRound {
        if openMatch == nil {
            matches.append(MatchRecord(number: matches.count + 1, bestOf: bestOf))
        }
        let matchIndex = matches.count - 1
        let round = RecordedRound(
            number: rounds.count + 1, match: matches[matchIndex].number, bestOf: matches[matchIndex].bestOf,
            player1: player1, player2: player2)
        rounds.append(round)
        matches[matchIndex].add(round.result)
        totals.add(round, decidedMatch: matches[matchIndex].isDecided)
        return round
    }
}
