import Foundation
import ReduxPersistence
import RockPaperScissors
import RockPaperScissorsCLI
import TestHelpers
import Testing

/// Every command run in-process against a recording console and a temporary state file.
@Suite struct ProgramTests {
    private let rps: InProcessRPS

    init() throws {
        rps = try InProcessRPS()
    }

    @Test("a pass-and-play script prints each round, the match result and saves the rounds")
    func passAndPlayScript() async throws {
        let console = RecordingConsole()

        let code = await rps.run(
            ["play", "--opponent", "human", "--moves", "rock,scissors,paper,paper,scissors,paper"], on: console)

        #expect(code == .success)
        #expect(
            console.lines == [
                "Match 1, best of 3: Player 1 vs Player 2.",
                "Round 1: Player 1 chose Rock, Player 2 chose Scissors. PLAYER 1 WINS! Match 1: 1-0.",
                "Round 2: Player 1 chose Paper, Player 2 chose Paper. DRAW! Match 1: 1-0.",
                "Round 3: Player 1 chose Scissors, Player 2 chose Paper. PLAYER 1 WINS! Match 1: 2-0.",
                "Match 1 goes to Player 1, 2-0 (1 draw).", "",
            ])
        #expect(console.errors.isEmpty)
        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.count == 3)
    }

    @Test("against the beat-last computer, each reply after the first beats player 1's previous weapon")
    func computerScript() async throws {
        let console = RecordingConsole()

        #expect(
            await rps.run(
                ["play", "--strategy", "beat-last", "--seed", "4", "--moves", "rock,paper,paper"], on: console)
                == .success)

        let rounds = try rps.stateFile.loadAppState().scoreHistory.rounds
        #expect(rounds.map(\.player1) == [.rock, .paper, .paper])
        #expect(rounds.dropFirst().map(\.player2) == [.paper, .scissors])
        #expect(console.lines[0] == "Match 1, best of 3: Player 1 vs Computer (beat-last strategy).")
        #expect(
            console.lines[2]
                == "Round 2: Player 1 chose Paper, Computer chose Paper. DRAW! Match 1: \(score(rounds[...1])).")
    }

    private func score(_ rounds: ArraySlice<RecordedRound>) -> String {
        "\(rounds.filter { $0.result == .player1Wins }.count)-\(rounds.filter { $0.result == .player2Wins }.count)"
    }

    @Test("the same seed and history give the same game, round for round")
    func sameSeedSameGame() async throws {
        let first = RecordingConsole()
        let second = RecordingConsole()
        let otherFile = StateFile(url: rps.directory.file("other.json"))

        _ = await rps.run(["play", "--moves", "r,p,s,r,p,s", "--seed", "99"], on: first)
        _ = await RPSProgram(console: second, environment: [StateFile.environmentVariable: otherFile.path])
            .run(["play", "--moves", "r,p,s,r,p,s", "--seed", "99"])

        #expect(first.output == second.output)
        #expect(try rps.stateFile.loadAppState() == otherFile.loadAppState())
    }

    @Test("moves piped one per line are played; blank lines and comments are skipped")
    func pipedMoves() async throws {
        let console = RecordingConsole(input: ["rock", "", "# player 2", "scissors", " P ", "r"])

        #expect(await rps.run(["play", "--opponent", "human"], on: console) == .success)

        let rounds = try rps.stateFile.loadAppState().scoreHistory.rounds
        #expect(rounds.map(\.result) == [.player1Wins, .player1Wins])
    }

    @Test("a bad piped move stops the game with exit code 2, keeping the rounds piped before it")
    func badPipedMove() async throws {
        let console = RecordingConsole(input: ["rock", "spock", "paper"])

        #expect(await rps.run(["play", "--seed", "1"], on: console) == .usage)

        #expect(
            console.errors.hasPrefix(
                "rps: error: line 2 of standard input is the unknown weapon 'spock'; use rock, paper or scissors "
                    + "(or r, p, s), or q to quit. The round before it was played and saved.\n"))
        #expect(console.lines.contains { $0.hasPrefix("Round 1: Player 1 chose Rock") })
        #expect(console.lines.contains { $0.hasPrefix("Match 1 is unfinished at") })
        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.map(\.player1) == [.rock])
    }

    @Test("a bad first piped move plays and saves nothing")
    func badFirstPipedMove() async {
        let console = RecordingConsole(input: ["spock", "rock"])

        #expect(await rps.run(["play"], on: console) == .usage)

        #expect(console.errors.contains("line 1 of standard input is the unknown weapon 'spock'"))
        #expect(console.errors.contains("Nothing was played."))
        #expect(console.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: rps.stateFile.path))
        #expect(rps.directory.contents.isEmpty, "no lock file either")
    }

    @Test("q on a line of its own stops a piped game, as it does at the prompt")
    func pipedQuit() async throws {
        let console = RecordingConsole(input: ["r", "p", "  Q ", "s"])

        #expect(await rps.run(["play", "--seed", "1"], on: console) == .success)

        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.map(\.player1) == [.rock, .paper])
        #expect(console.lines.contains { $0.hasPrefix("Match 1 is unfinished") || $0.hasPrefix("Match 1 goes to") })
    }

    @Test("piped input that ends halfway through a round against a person keeps the rounds before it")
    func pipedHalfRound() async throws {
        let console = RecordingConsole(input: ["r", "s", "p"])

        #expect(await rps.run(["play", "--opponent", "human"], on: console) == .usage)

        #expect(console.errors.contains("the input ended after player 1's move of a round"))
        #expect(console.errors.contains("The round before it was played and saved."))
        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.map(\.result) == [.player1Wins])
    }

    @Test("an odd number of moves against a person is refused before playing")
    func oddMovesAgainstAPerson() async {
        let console = RecordingConsole()
        #expect(await rps.run(["play", "--opponent", "human", "--moves", "r,s,p"], on: console) == .usage)
        #expect(console.errors.contains("their number must be even; got 3"))
        #expect(!FileManager.default.fileExists(atPath: rps.stateFile.path))
    }

    @Test("interactive pass-and-play hides both players' input and never repeats it")
    func interactivePassAndPlay() async throws {
        let console = RecordingConsole(
            input: ["paper", "lizard", "rock", "q"], isInputTerminal: true, isOutputTerminal: true)

        #expect(await rps.run(["play", "--opponent", "human"], on: console) == .success)

        #expect(console.hiddenReads == 4)
        #expect(!console.output.contains("lizard"))
        #expect(
            console.output.contains("That is not a weapon; type rock, paper or scissors (or r, p, s), or q to quit."))
        #expect(console.output.contains("Player 1 has chosen."))
        #expect(console.output.contains("PLAYER 2 - Choose your weapon:"))
        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.map(\.result) == [.player1Wins])
    }

    @Test("an interactive game against the computer repeats a wrong word, and ends at the end of input")
    func interactiveAgainstTheComputer() async throws {
        let console = RecordingConsole(input: ["lizard", "r", "", "s"], isInputTerminal: true)

        #expect(await rps.run(["play", "--seed", "1"], on: console) == .success)

        #expect(console.hiddenReads == 0)
        #expect(console.output.contains("'lizard' is not a weapon"))
        #expect(
            console.output.contains(
                "PLAYER 1 - Choose your weapon: (r)ock, (p)aper, (s)cissors or (q)uit > "))
        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.map(\.player1) == [.rock, .scissors])
    }

    @Test("the prompt names a player once, and the win line names the winner as the round line does")
    func namesInPromptAndWinLine() async throws {
        #expect(await rps.run(["settings", "set", "player1", "Ann"], on: RecordingConsole()) == .success)
        let console = RecordingConsole(input: ["r", "p", "s"], isInputTerminal: true)

        #expect(await rps.run(["play", "--seed", "18"], on: console) == .success)

        #expect(
            console.output.contains("PLAYER 1 - Choose your weapon: [Ann] (r)ock, (p)aper, (s)cissors or (q)uit > "))
        #expect(console.output.contains("Round 1: Ann chose Rock, Computer chose Paper. COMPUTER WINS! Match 1: 0-1."))
        #expect(console.output.contains("Round 2: Ann chose Paper, Computer chose Rock. ANN WINS! Match 1: 1-1."))
    }

    @Test("after a decided match the players are asked whether to play another")
    func anotherMatch() async throws {
        let console = RecordingConsole(
            input: ["r", "s", "r", "s", "y", "p", "r", "q"], isInputTerminal: true)

        #expect(await rps.run(["play", "--opponent", "human"], on: console) == .success)

        #expect(console.output.contains("Match 1 goes to Player 1, 2-0.\nPlay another match? (y/N) > "))
        #expect(console.output.contains("Match 2, best of 3: Player 1 vs Player 2."))
        #expect(
            console.output.contains(
                "Match 2 is unfinished at 1-0 (best of 3); it continues the next time these players play."))
    }

    @Test("colour codes appear only on a terminal without NO_COLOR")
    func colour() async {
        let plain = RecordingConsole(isOutputTerminal: true)
        let coloured = RecordingConsole(isOutputTerminal: true)
        let arguments = ["play", "--opponent", "human", "--moves", "r,s", "--state-file", rps.stateFile.path]

        _ = await RPSProgram(console: plain, environment: ["NO_COLOR": "1"]).run(arguments)
        _ = await RPSProgram(console: coloured, environment: [:]).run(arguments)

        #expect(!plain.output.contains("\u{1B}["))
        #expect(coloured.output.contains("\u{1B}[1;32mPLAYER 1 WINS!\u{1B}[0m"))
    }
}
