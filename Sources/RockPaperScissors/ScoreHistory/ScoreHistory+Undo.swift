import MultiRedux

/// Takes back the last round of the open match, as if it had not been played (`rps undo`); with
/// no open match, nothing. Like every change it is an action, so a journal records it after the
/// round it takes back and is never rewritten.
package struct UndoRoundAction: Action, Equatable, Codable {
    package init() {}
}

extension ScoreHistory {
    /// The round ``takeBackLastRound()`` would take back; `nil` when no match is open.
    package var lastRoundOfOpenMatch: RecordedRound? {
        guard let open = openMatch, let last = rounds.last, last.match == open.number else { return nil }
        return last
    }

    /// Removes the last round of the open match and returns it; `nil` (and no change) when no
    /// match is open. The rest is recorded again, in O(*n*), so streaks, habits and a match the
    /// round had abandoned are as before it.
    @discardableResult
    package mutating func takeBackLastRound() -> RecordedRound? {
        guard let last = lastRoundOfOpenMatch else { return nil }
        var rebuilt = ScoreHistory()
        for round in rounds.dropLast() {
            rebuilt.record(player1: round.player1, player2: round.player2, bestOf: round.bestOf, lineup: round.lineup)
        }
        self = rebuilt
        return last
    }

    /// The last round with its match after it.
    package var lastPlayed: PlayedRound? {
        rounds.last.map { PlayedRound(round: $0, match: matches[$0.match - 1]) }
    }

    /// The rounds of a match, each with the match's score after it; empty for no such match.
    package func playedRounds(inMatch number: Int) -> [PlayedRound] {
        guard matches.indices.contains(number - 1) else { return [] }
        let played = matches[number - 1]
        var match = MatchRecord(number: played.number, bestOf: played.bestOf, lineup: played.lineup)
        return rounds.filter { $0.match == number }.map { round in
            match.add(round.result)
            return PlayedRound(round: round, match: match)
        }
    }
}
