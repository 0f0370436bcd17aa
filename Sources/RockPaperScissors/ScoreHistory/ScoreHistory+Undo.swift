extension ScoreHistory {
    /// The last round of the open match: the round ``takeBackLastRound()`` would take back; `nil`
    /// when no match is open.
    public var lastRoundOfOpenMatch: RecordedRound? {
        guard let open = openMatch, let last = rounds.last, last.match == open.number else { return nil }
        return last
    }

    /// Removes the last round of the open match, leaving the history as if it had not been
    /// played.
    ///
    /// The matches and totals are rebuilt from the remaining rounds, so streaks and habits are
    /// those of before the round, and a match the round had left unfinished (by starting a new
    /// one with other players) is open again.
    ///
    /// ```swift
    /// history.record(player1: .rock, player2: .scissors, bestOf: 3)
    /// history.takeBackLastRound()     // the round, and history is empty again
    /// ```
    ///
    /// - Returns: The round taken back, or `nil` (and no change) when no match is open.
    /// - Complexity: O(*n*) for *n* rounds: the history is recorded again.
    @discardableResult
    public mutating func takeBackLastRound() -> RecordedRound? {
        guard let last = lastRoundOfOpenMatch else { return nil }
        var rebuilt = ScoreHistory()
        for round in rounds.dropLast() {
            rebuilt.record(player1: round.player1, player2: round.player2, bestOf: round.bestOf, lineup: round.lineup)
        }
        self = rebuilt
        return last
    }

    /// The rounds of a match as `rps play` reported them: each round with the match's score
    /// after it.
    ///
    /// - Parameter number: The match number, from 1.
    /// - Returns: The match's rounds, oldest first; empty when there is no such match.
    /// - Complexity: O(*n*) for *n* rounds in the history.
    public func playedRounds(inMatch number: Int) -> [PlayedRound] {
        guard matches.indices.contains(number - 1) else { return [] }
        let played = matches[number - 1]
        var match = MatchRecord(number: played.number, bestOf: played.bestOf, lineup: played.lineup)
        return rounds.filter { $0.match == number }.map { round in
            match.add(round.result)
            return PlayedRound(round: round, match: match)
        }
    }
}
