import Foundation
import ReduxPersistence
import RockPaperScissors
import RockPaperScissorsCLI
import TestHelpers
import Testing

/// `history`, `stats`, `settings`, `reset` and `help`, in-process.
@Suite struct ReportCommandsTests {
    private let rps: InProcessRPS

    init() throws {
        rps = try InProcessRPS()
    }

    /// Plays rock-scissors, paper-paper, scissors-rock, rock-scissors: 2 wins for player 1, 1 for player 2, 1 draw.
    private func playFourRounds() async {
        _ = await rps.run(["play", "--opponent", "human", "--moves", "r,s,p,p,s,r,r,s"])
    }

    @Test("history prints a table of rounds, named after who played them, and charts of wins, draws and weapons")
    func history() async {
        _ = await rps.run(["settings", "set", "player1", "Ann"])
        await playFourRounds()
        _ = await rps.run(["settings", "set", "player1", "Zoe"])
        let console = RecordingConsole()

        #expect(await rps.run(["history"], on: console) == .success)

        let lines = console.lines
        #expect(lines[0] == "Round  Match  Ann       Player 2  Result", "the players then, not the settings now")
        #expect(lines[2] == "    1      1  Rock      Scissors  ANN WINS!", "the winner named as in the round lines")
        #expect(lines[5] == "    4      1  Rock      Scissors  ANN WINS!")
        #expect(lines.contains("  Ann       ########################  2"))
        #expect(lines.contains("  Player 2  ############              1"))
        #expect(lines.contains("  Draws     ############              1"))
        #expect(lines.contains("Weapons chosen by Ann"))
        #expect(lines.contains("  Scissors  ############              1"))
        #expect(!console.output.contains("Zoe") && !console.output.contains("Computer"))
    }

    @Test("history --last shows only the latest rounds but charts all of them")
    func historyLast() async {
        await playFourRounds()
        let console = RecordingConsole()

        #expect(await rps.run(["history", "--last", "1"], on: console) == .success)

        #expect(console.lines[2].hasPrefix("    4"))
        #expect(console.lines[3] == "(the last 1 of 4 rounds)")
        #expect(console.lines.contains("  Player 1  ########################  2"))
    }

    @Test("history and stats say so when nothing was played, and create no file")
    func emptyHistory() async {
        for command in ["history", "stats"] {
            let console = RecordingConsole()
            #expect(await rps.run([command], on: console) == .success)
            #expect(console.output == "No rounds played yet; start a game with 'rps play'.\n")
        }
        #expect(!FileManager.default.fileExists(atPath: rps.stateFile.path))
    }

    @Test("stats shows wins with shares, streaks, matches, the open match and favourites")
    func stats() async {
        await playFourRounds()
        _ = await rps.run(["play", "--opponent", "human", "--moves", "s,p"])
        let console = RecordingConsole()

        #expect(await rps.run(["stats"], on: console) == .success)

        #expect(
            console.lines == [
                "Rounds played         5 in 2 matches",
                "Player 1 wins         3 (60%)",
                "Player 2 wins         1 (20%)",
                "Draws                 1 (20%)",
                "Current streak        Player 1, 2 rounds in a row",
                "Longest streak        Player 1, 2 rounds in a row",
                "Matches won           Player 1 1, Player 2 0",
                "Open match            match 2 at 1-0, best of 3, Player 1 vs Player 2",
                "Player 1's favourite  Rock and Scissors (2 of 5 each)",
                "Player 2's favourite  Paper and Scissors (2 of 5 each)", "",
            ])
    }

    @Test("stats label a seat by the name it always had, and count matches abandoned for other players")
    func statsAcrossLineups() async {
        _ = await rps.run(["play", "--opponent", "human", "--moves", "r,s"])
        _ = await rps.run(["settings", "set", "player2", "Bob"])
        _ = await rps.run(["play", "--opponent", "human", "--moves", "p,s,r,p"])
        let console = RecordingConsole()

        #expect(await rps.run(["stats"], on: console) == .success)

        #expect(console.lines.contains("Player 1 wins         1 (33%)"))
        #expect(console.lines.contains("Player 2 wins         2 (67%)"))
        #expect(console.lines.contains("Matches won           Player 1 0, Player 2 1"))
        #expect(console.lines.contains("Abandoned matches     1"))
        #expect(console.lines.contains("Player 1's favourite  Rock (2 of 3)"))
        #expect(!console.lines.contains { $0.hasPrefix("Open match") })
    }

    @Test("history --last names the players of the rounds it shows, and notes the abandoned matches among them")
    func historyAcrossLineups() async {
        _ = await rps.run(["play", "--opponent", "human", "--moves", "r,s"])
        _ = await rps.run(["play", "--moves", "p", "--seed", "5", "--strategy", "counter"])
        _ = await rps.run(["play", "--moves", "s", "--seed", "5", "--strategy", "counter"])
        let console = RecordingConsole()

        #expect(await rps.run(["history", "--last", "2"], on: console) == .success)

        #expect(console.lines[0] == "Round  Match  Player 1  Computer  Result")
        #expect(console.lines[2].hasPrefix("    2      2  Paper     "))
        #expect(console.lines[4] == "(the last 2 of 3 rounds)")
        #expect(!console.lines.contains { $0.hasPrefix("Match 1 was abandoned") }, "match 1 is not shown")
        #expect(console.lines.contains("  Rock      ########################  1"), "the charts count every round")

        let all = RecordingConsole()
        #expect(await rps.run(["history"], on: all) == .success)
        #expect(all.lines[0].hasPrefix("Round  Match  Players "))
        #expect(all.lines[2].hasPrefix("    1      1  Player 1 vs Player 2                     Rock      Scissors"))
        #expect(all.lines[3].hasPrefix("    2      2  Player 1 vs Computer (counter strategy)  Paper     "))
        #expect(all.lines[5] == "Match 1 was abandoned at 1-0: the next round had other players.")
    }

    @Test("settings set stores a change that settings then shows")
    func settingsRoundTrip() async throws {
        let set = RecordingConsole()
        #expect(await rps.run(["settings", "set", "player1", "Ann"], on: set) == .success)
        #expect(await rps.run(["settings", "set", "strategy", "counter"]) == .success)
        #expect(set.output == "player1 is now Ann.\n")

        let show = RecordingConsole()
        #expect(await rps.run(["settings"], on: show) == .success)

        #expect(show.lines.contains("player1   Ann"))
        #expect(show.lines.contains("strategy  counter (beats player 1's most frequent weapon)"))
        #expect(show.lines.contains("State file: \(rps.stateFile.path)"))
        #expect(try rps.stateFile.loadAppState().settings.player1Name == "Ann")
    }

    @Test("reset asks first and changes nothing unless the answer is yes")
    func resetDeclined() async throws {
        await playFourRounds()
        let before = try Data(contentsOf: rps.stateFile.url)
        let console = RecordingConsole(input: ["n"])

        #expect(await rps.run(["reset"], on: console) == .failure)

        #expect(console.output.hasPrefix("Erase 4 rounds of score history in \(rps.stateFile.path)? (y/N) > "))
        #expect(console.errors == "rps: reset cancelled; nothing was changed.\n")
        #expect(try Data(contentsOf: rps.stateFile.url) == before)
    }

    @Test("reset with yes erases the history and keeps the settings; --all resets those too")
    func resetConfirmed() async throws {
        _ = await rps.run(["settings", "set", "best-of", "5"])
        await playFourRounds()

        #expect(await rps.run(["reset"], on: RecordingConsole(input: ["yes"])) == .success)
        #expect(try rps.stateFile.loadAppState().scoreHistory.rounds.isEmpty)
        #expect(try rps.stateFile.loadAppState().settings.bestOf == 5)

        #expect(await rps.run(["reset", "--yes", "--all"]) == .success)
        #expect(try rps.stateFile.loadAppState().settings == Settings())
    }

    @Test("every command has help that shows its usage", arguments: CommandName.allCases)
    func help(command: CommandName) async {
        let console = RecordingConsole()

        #expect(await rps.run([command.rawValue, "--help"], on: console) == .success)

        let expected = command == .help ? "Usage: rps [<command>]" : "Usage: rps \(command.rawValue)"
        #expect(console.output.contains(expected))
        #expect(console.output.contains("--state-file PATH"))
    }

    @Test(
        "a corrupt state file stops every command with exit code 1 and stays as it was",
        arguments: ["play", "history", "stats", "settings", "reset"])
    func corruptFile(command: String) async throws {
        let contents = Data("{\"formatVersion\": 1, \"settings\": ".utf8)
        try contents.write(to: rps.stateFile.url)
        let console = RecordingConsole(input: ["r", "y"])

        let arguments = command == "reset" ? [command, "--yes"] : [command]

        #expect(await rps.run(arguments, on: console) == .failure)

        #expect(console.errors.contains("rps: error: the state file \(rps.stateFile.path) is corrupt"))
        #expect(console.errors.contains("Move it away or delete it to start fresh"))
        #expect(try Data(contentsOf: rps.stateFile.url) == contents)
    }
}
