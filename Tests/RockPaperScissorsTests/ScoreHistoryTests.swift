import Foundation
import MultiRedux
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
        #expect(history.nextMatchNumber(for: Lineup()) == 2)
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

    @Test(
        "a round by other players abandons the open match and starts a new one",
        arguments: [
            try Lineup(player1Name: "Ann", player2: .computer(strategy: .random)),
            try Lineup(player1Name: "Player 1", player2: .computer(strategy: .counter)),
            try Lineup(player1Name: "Player 1", player2: .person(name: "Computer")),
        ])
    func otherPlayersAbandonTheOpenMatch(others: Lineup) {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 3)
        #expect(history.nextMatchNumber(for: others) == 2)

        let round = history.record(player1: .rock, player2: .paper, bestOf: 5, lineup: others)

        #expect(round.match == 2 && round.bestOf == 5 && round.lineup == others)
        #expect(history.matches.map(\.isAbandoned) == [true, false])
        #expect(history.matches[0].winner == nil && history.matches[0].player1Wins == 1)
        #expect(history.openMatch?.number == 2 && history.openMatch?.lineup == others)
        #expect(history.totals.abandonedMatches == 1)
        #expect(history.totals.player1Matches == 0 && history.totals.player2Matches == 0)
        #expect(history.totals.rounds == 2, "the abandoned match's rounds still count")

        history.record(player1: .rock, player2: .scissors, bestOf: 3)
        #expect(history.rounds.last?.match == 3, "an abandoned match is never resumed, even by its own players")
        #expect(history.totals.abandonedMatches == 2)
    }

    @Test("after a decided match, other players simply start the next one; the same players continue theirs")
    func otherPlayersAfterADecidedMatch() throws {
        let ann = try Lineup(player1Name: "Ann", player2: .person(name: "Bob"))
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 1)
        history.record(player1: .rock, player2: .scissors, bestOf: 3, lineup: ann)
        history.record(player1: .rock, player2: .rock, bestOf: 1, lineup: ann)

        #expect(history.matches.map(\.isAbandoned) == [false, false])
        #expect(history.matches.map(\.lineup) == [Lineup(), ann])
        #expect(history.rounds.map(\.match) == [1, 2, 2])
        #expect(history.totals.abandonedMatches == 0)
    }

    @Test("the totals know the names each seat had, and label a seat generically once they differ")
    func seatNames() throws {
        var history = ScoreHistory()
        #expect(history.totals.player1Names == .unused && history.totals.label(of: .two) == "Player 2")

        history.record(player1: .rock, player2: .scissors, bestOf: 3)
        history.record(
            player1: .rock, player2: .scissors, bestOf: 3, lineup: Lineup(settings: Settings(), strategy: .counter))
        #expect(history.totals.names(of: .one) == .one("Player 1"))
        #expect(
            history.totals.names(of: .two) == .one("Computer"), "the computer is the computer, whatever its strategy")

        history.record(
            player1: .paper, player2: .rock, bestOf: 3,
            lineup: try Lineup(player1Name: "Player 1", player2: .person(name: "Bo")))
        #expect(history.totals.player2Names == .several)
        #expect(history.totals.label(of: .one) == "Player 1" && history.totals.label(of: .two) == "Player 2")
        #expect(history.rounds.map { $0.name(of: .two) } == ["Computer", "Computer", "Bo"])
    }

    @Test("best of 1 is decided by the first round that is not a draw")
    func bestOfOne() {
        let history = history([(.rock, .rock), (.paper, .rock)], bestOf: 1)
        #expect(history.matches.count == 1 && history.matches[0].winner == .one)
    }

    @Test(
        "encoding keeps the rounds with their players, and decoding rebuilds matches and totals equal to the original")
    func codableRoundTrip() throws {
        var original = history([(.rock, .scissors), (.rock, .rock), (.paper, .scissors), (.scissors, .paper)])
        let friends = try Lineup(player1Name: "Ann", player2: .person(name: "Bob"))
        original.record(player1: .rock, player2: .paper, bestOf: 3, lineup: friends)
        original.record(player1: .rock, player2: .paper, bestOf: 3, lineup: Lineup())
        #expect(original.matches.map(\.isAbandoned) == [false, true, false])

        let decoded = try JSONDecoder().decode(ScoreHistory.self, from: JSONEncoder().encode(original))

        #expect(decoded == original)
        #expect(decoded.totals == original.totals && decoded.matches == original.matches)
    }

    /// A stored round, with the lineup of the default settings unless another is given.
    static func storedRound(
        _ number: Int, match: Int = 1, bestOf: Int = 3, _ player1: String = "rock", _ player2: String = "paper",
        result: String = "player2Wins",
        lineup: String? = #"{"player1Name":"Player 1","opponent":"computer","strategy":"random"}"#
    ) -> String {
        #"{"number":\#(number),"match":\#(match),"bestOf":\#(bestOf),"player1":"\#(player1)","player2":"\#(player2)","#
            + #""result":"\#(result)""# + (lineup.map { #","lineup":\#($0)"# } ?? "") + "}"
    }

    @Test("a stored round is decoded with its players")
    func storedRoundDecodes() throws {
        let json = #"{"rounds":[\#(Self.storedRound(1))]}"#

        let history = try JSONDecoder().decode(ScoreHistory.self, from: Data(json.utf8))

        #expect(history.rounds == [RecordedRound(number: 1, match: 1, bestOf: 3, player1: .rock, player2: .paper)])
    }

    @Test(
        "decoding refuses rounds that recording would not produce",
        arguments: [
            storedRound(2),
            storedRound(1, result: "draw"),
            storedRound(1, bestOf: 4),
            storedRound(1, match: 7),
            storedRound(1, "lizard", result: "draw"),
            // Without the lineup that format version 2 requires.
            storedRound(1, lineup: nil),
            // A name no setting would accept.
            storedRound(1, lineup: #"{"player1Name":"  ","opponent":"computer","strategy":"random"}"#),
            // A person without a name.
            storedRound(1, lineup: #"{"player1Name":"Ann","opponent":"human","strategy":"random"}"#),
            // Other players in the same match: recording would have started match 2.
            storedRound(1) + ","
                + storedRound(2, lineup: #"{"player1Name":"Player 1","opponent":"human","player2Name":"Bob"}"#),
        ])
    func decodingRefusesInconsistentRounds(rounds: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ScoreHistory.self, from: Data(#"{"rounds":[\#(rounds)]}"#.utf8))
        }
    }
}

/// Taking back a round (`rps undo`) and a match's rounds as they were played (`rps replay`).
@Suite struct ScoreHistoryUndoTests {
    private let ann = Lineup()

    @Test("taking back the last round of the open match leaves the history as if it had not been played")
    func takeBack() {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 3)
        history.record(player1: .paper, player2: .scissors, bestOf: 5)
        let before = history
        history.record(player1: .rock, player2: .rock, bestOf: 3)

        let taken = history.takeBackLastRound()

        #expect(taken?.number == 3 && taken?.result == .draw)
        #expect(history == before, "matches, totals, streaks and habits are those of before the round")
    }

    @Test("a decided match is over: there is nothing to take back")
    func decidedMatch() {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 1)
        let before = history

        #expect(history.lastRoundOfOpenMatch == nil)
        #expect(history.takeBackLastRound() == nil)
        #expect(history == before)
    }

    @Test("taking back the round that started a match of other players opens the match it left unfinished")
    func reopensAbandonedMatch() throws {
        let bob = try Lineup(player1Name: "Bob", player2: .computer(strategy: .random))
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 3, lineup: ann)
        history.record(player1: .rock, player2: .paper, bestOf: 3, lineup: bob)
        #expect(history.matches.first?.isAbandoned == true)

        history.takeBackLastRound()

        #expect(history.openMatch?.number == 1)
        #expect(history.openMatch?.lineup == ann)
        #expect(history.totals.abandonedMatches == 0)
    }

    @Test("a match's rounds come with the match's score after each")
    func playedRounds() {
        var history = ScoreHistory()
        history.record(player1: .rock, player2: .scissors, bestOf: 1)
        history.record(player1: .rock, player2: .rock, bestOf: 3)
        history.record(player1: .rock, player2: .paper, bestOf: 3)

        let played = history.playedRounds(inMatch: 2)

        #expect(played.map(\.round.number) == [2, 3])
        #expect(
            played.map { "\($0.match.player1Wins)-\($0.match.player2Wins)-\($0.match.draws)" } == ["0-0-1", "0-1-1"])
        #expect(history.playedRounds(inMatch: 3).isEmpty)
    }

    @Test("an undo dispatched to the app's store is journaled like any action and takes the round back")
    func undoThroughTheStore() {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .scissors))

        store.dispatch(UndoRoundAction())

        #expect(store.state.scoreHistory == ScoreHistory())
    }
}
