import Foundation
import RockPaperScissors
import Testing

/// `ScoreHistory` as a value: recording, matches and derived figures.
@Suite struct ScoreHistoryTests {
    /// Records rounds given as (player 1, player 2) pairs.
    private func history(_ rounds: [(Weapon, Weapon)], bestOf: Int = 3) -> ScoreHistory {
        var history = ScoreHistory()
        for (player1, player2) in rounds {
            history.record(player1: player1, player2: player2, bestOf: bestOf)
        }
        return history
    }

    @Test("recording numbers rounds from 1 and keeps both weapons and the result")
    func recording() {
        var history = ScoreHistory()
        let first = history.record(player1: .rock, player2: .paper, bestOf: 3)
        let second = history.record(player1: .scissors, player2: .paper, bestOf: 3)

        #expect(first == RecordedRound(number: 1, match: 1, bestOf: 3, player1: .rock, player2: .paper))
        #expect(second.number == 2 && second.match == 1 && second.result == .player1Wins)
        #expect(history.rounds == [first, second])
    }

    @Test("wins, draws and weapon counts add up")
    func totals() {
        let totals = history([(.rock, .scissors), (.rock, .rock), (.paper, .scissors), (.rock, .paper)]).totals

        #expect(totals.player1Wins == 1 && totals.player2Wins == 2 && totals.draws == 1)
        #expect(totals.rounds == 4)
        #expect(totals.player1Weapons[.rock] == 3 && totals.player1Weapons[.paper] == 1)
        #expect(totals.player2Weapons.mostFrequent == [.scissors])
        #expect(totals.player1Weapons.total == 4)
    }

    @Test("the current streak follows the last winner and a draw ends it")
    func currentStreak() {
        var history = history([(.rock, .scissors), (.paper, .rock)])
        #expect(history.totals.currentStreak == Streak(player: .one, length: 2))

        history.record(player1: .rock, player2: .paper, bestOf: 3)
        #expect(history.totals.currentStreak == Streak(player: .two, length: 1))

        history.record(player1: .rock, player2: .rock, bestOf: 3)
        #expect(history.totals.currentStreak == nil)
    }

    @Test("the longest streak is kept after it ends; of equal streaks the first stays")
    func longestStreak() {
        let history = history([
            (.rock, .scissors), (.rock, .scissors), (.rock, .scissors),
            (.rock, .paper), (.rock, .paper), (.rock, .paper), (.rock, .rock),
        ])
        #expect(history.totals.longestStreak == Streak(player: .one, length: 3))
        #expect(history.totals.currentStreak == nil)
    }

    @Test("a best-of-3 match goes to the first player with 2 wins; draws do not count")
    func bestOfThree() throws {
        let history = history([(.rock, .rock), (.rock, .scissors), (.paper, .scissors), (.paper, .rock)])

        let match = try #require(history.matches.first)
        #expect(history.matches.count == 1)
        #expect(match.winner == .one && match.player1Wins == 2 && match.player2Wins == 1 && match.draws == 1)
        #expect(history.openMatch == nil)
        #expect(history.nextMatchNumber == 2)
        #expect(history.totals.player1Matches == 1 && history.totals.player2Matches == 0)
    }

    @Test("the round after a decided match starts the next match")
    func nextMatch() {
        let history = history([(.rock, .scissors), (.rock, .scissors), (.rock, .paper)])

        #expect(history.matches.map(\.number) == [1, 2])
        #expect(history.rounds.map(\.match) == [1, 1, 2])
        #expect(history.openMatch?.player2Wins == 1)
    }

    @Test("a match keeps its length when the setting changes; the next match takes the new one")
    func lengthChangesBetweenMatches() {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 3)
        history.record(player1: .rock, player2: .scissors, bestOf: 5)
        history.record(player1: .rock, player2: .scissors, bestOf: 5)

        #expect(history.matches.map(\.bestOf) == [3, 5])
        #expect(history.matches[0].isDecided)
        #expect(history.rounds.map(\.bestOf) == [3, 3, 5])
    }

    @Test("best of 1 is decided by the first round that is not a draw")
    func bestOfOne() {
        let history = history([(.rock, .rock), (.paper, .rock)], bestOf: 1)
        #expect(history.matches.count == 1 && history.matches[0].winner == .one)
    }

    @Test("encoding keeps the rounds, and decoding rebuilds matches and totals equal to the original")
    func codableRoundTrip() throws {
        let original = history([(.rock, .scissors), (.rock, .rock), (.paper, .scissors), (.scissors, .paper)])

        let decoded = try JSONDecoder().decode(ScoreHistory.self, from: JSONEncoder().encode(original))

        #expect(decoded == original)
        #expect(decoded.totals == original.totals && decoded.matches == original.matches)
    }

    @Test(
        "decoding refuses rounds that recording would not produce",
        arguments: [
            #"{"rounds":[{"number":2,"match":1,"bestOf":3,"player1":"rock","player2":"paper","result":"player2Wins"}]}"#,
            #"{"rounds":[{"number":1,"match":1,"bestOf":3,"player1":"rock","player2":"paper","result":"draw"}]}"#,
            #"{"rounds":[{"number":1,"match":1,"bestOf":4,"player1":"rock","player2":"paper","result":"player2Wins"}]}"#,
            #"{"rounds":[{"number":1,"match":7,"bestOf":3,"player1":"rock","player2":"paper","result":"player2Wins"}]}"#,
            #"{"rounds":[{"number":1,"match":1,"bestOf":3,"player1":"lizard","player2":"paper","result":"draw"}]}"#,
        ])
    func decodingRefusesInconsistentRounds(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScoreHistory.self, from: Data(json.utf8))
        }
    }
}
