import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import RockPaperScissors
import Testing

/// What the generator writes for a range late in a long game: the state before it is written as
/// compactly as the steps.
@Suite struct LongGameTestTests {
    /// A game of ten entries (five rounds against the computer, after the players are seated)
    /// recorded from a state whose history already holds `rounds` rounds.
    private func game(after rounds: Int) async -> Inspector<AppState> {
        var history = ScoreHistory()
        for number in 0..<rounds {
            history.record(player1: Weapon.allCases[number % 3], player2: Weapon.allCases[number / 3 % 3], bestOf: 3)
        }
        let start = AppState(scoreHistory: history)
        let dependencies = Dependencies { $0.computer = ComputerOpponent(seed: Recordings.seed) }
        let store = RockPaperScissorsApp.makeStore(initialState: start, dependencies: dependencies)
        let recorder = ActionRecorder(store)
        let session = MatchSession(store: store, opponent: .computer, strategy: .beatLast)
        for weapon in [Weapon.rock, .paper, .scissors, .rock, .paper] {
            await session.choose(weapon)
        }
        recorder.stop()
        return Inspector(journal: recorder.journal, initialState: start) { state in
            RockPaperScissorsApp.makeStore(initialState: state, dependencies: dependencies)
        }
    }

    @Test("a test late in a long game sets the history it starts from in one statement, a line or two a round")
    func longHistoryIsOneStatement() async throws {
        let inspector = await game(after: 1_000)

        let source = try inspector.swiftTest(
            from: 1, through: 10, named: "LateRoundsTests", setup: SettingsCombinations.setup)

        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        // Two lines a round at most, and the file's `set` function.
        #expect(lines.count < 2 * 1_000 + 450, "\(lines.count) lines")
        #expect(source.contains(#"    &state, "/scoreHistory/rounds","#))
        #expect(!source.contains(#"&state, "/scoreHistory/rounds/-""#))
        // One round a line (continued once when it is longer than a line).
        #expect(source.contains(#"{"bestOf":3,"lineup":{"opponent":"computer","player1Name":"Player 1""#))
    }

    @Test("a few appended rounds are still set one by one")
    func fewAppendedRoundsOneByOne() async throws {
        let inspector = await game(after: 2)

        let source = try inspector.swiftTest(
            from: 1, through: 2, named: "EarlyRoundsTests", setup: SettingsCombinations.setup)

        #expect(source.components(separatedBy: #"&state, "/scoreHistory/rounds/-","#).count == 3)
    }
}
