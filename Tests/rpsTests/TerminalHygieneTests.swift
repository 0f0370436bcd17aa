import Foundation
import ReduxPersistence
import RockPaperScissors
import Testing

@testable import RockPaperScissorsCLI

/// What `rps` writes to a terminal: no input that acts on it, no colour where it is not
/// understood, columns aligned by what the terminal shows, lines that fit it (issue 12,
/// terminal hygiene). In-process: the console records exactly what would be written.
@Suite struct TerminalHygieneTests {
    private let rps: InProcessRPS

    init() throws {
        rps = try InProcessRPS()
    }

    /// Whether text holds a character a terminal acts on: a C0 or C1 control other than the line
    /// break, or a bidirectional formatting character.
    private func actsOnTerminal(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && ShownText.isActive($0) }
    }

    @Test(
        "typed input is quoted in errors with control characters escaped",
        arguments: [
            (["\u{1B}[31mred"], "unknown command '\\u{1B}[31mred'"),
            (["play", "--moves", "r,\u{1B}[2J"], "the unknown weapon '\\u{1B}[2J'"),
            (["play", "--seed", "\u{7}"], "got '\\u{07}'"),
            (
                ["settings", "set", "player1", "A\u{1B}]0;pwned\u{7}"],
                "'A\\u{1B}]0;pwned\\u{07}' is not a valid player1 name"
            ),
            (["settings", "set", "opponent", "\u{9B}2J"], "unknown opponent '\\u{9B}2J'"),
            (["history", "--bogus\u{1B}"], "unknown option '--bogus\\u{1B}'"),
        ])
    func controlCharactersEscaped(arguments: [String], message: String) async {
        let console = RecordingConsole()

        #expect(await rps.run(arguments, on: console) == .usage)

        #expect(console.errors.contains(message))
        #expect(!actsOnTerminal(console.errors))
    }

    @Test("a wrong word at the prompt is repeated escaped")
    func promptAnswerEscaped() async {
        let console = RecordingConsole(input: ["\u{1B}[31mred", "q"], isInputTerminal: true, isOutputTerminal: true)

        #expect(await rps.run(["play"], on: console) == .success)

        #expect(console.output.contains("'\\u{1B}[31mred' is not a weapon"))
        #expect(!console.output.contains("\u{1B}[31mred"))
    }

    @Test("long input is cut in errors, with its length said")
    func longInputCut() async {
        let long = String(repeating: "a", count: 20_000)
        let command = RecordingConsole()
        let piped = RecordingConsole(input: [long])
        let typed = RecordingConsole(input: [long, "q"], isInputTerminal: true)

        #expect(await rps.run([long], on: command) == .usage)
        #expect(await rps.run(["play"], on: piped) == .usage)
        #expect(await rps.run(["play"], on: typed) == .success)

        let cut = "'\(String(repeating: "a", count: ShownText.inputLimit))…' (20000 characters)"
        for output in [command.errors, piped.errors, typed.output] {
            #expect(output.contains(cut))
            #expect(output.count < 500)
        }
    }

    @Test("TERM=dumb gets no colour; NO_COLOR set to nothing does not turn colour off")
    func dumbTerminal() async {
        let arguments = ["play", "--opponent", "human", "--moves", "r,s", "--state-file", rps.stateFile.path]
        let dumb = RecordingConsole(isOutputTerminal: true)
        let emptyNoColor = RecordingConsole(isOutputTerminal: true)

        _ = await RPSProgram(console: dumb, environment: ["TERM": "dumb"]).run(arguments)
        _ = await RPSProgram(console: emptyNoColor, environment: ["TERM": "xterm", "NO_COLOR": ""]).run(arguments)

        #expect(!dumb.output.contains("\u{1B}"))
        #expect(emptyNoColor.output.contains("\u{1B}[1;32mPLAYER 1 WINS!\u{1B}[0m"))
    }

    /// Plays two rounds between players with wide names: one each way.
    private func playWideNames() async {
        _ = await rps.run(["settings", "set", "player1", "Zoë 🎸"])
        _ = await rps.run(["settings", "set", "player2", "李小龍"])
        _ = await rps.run(["play", "--opponent", "human", "--moves", "r,s,s,r"])
    }

    @Test("names with wide characters and emoji are padded by the columns they take")
    func wideCharacters() async {
        await playWideNames()
        let history = RecordingConsole()
        let stats = RecordingConsole()

        #expect(await rps.run(["history"], on: history) == .success)
        #expect(await rps.run(["stats"], on: stats) == .success)

        #expect(
            Array(history.lines.prefix(4)) == [
                "Round  Match  Zoë 🎸    李小龍    Result",
                "-----  -----  --------  --------  ------------",
                "    1      1  Rock      Scissors  ZOË 🎸 WINS!",
                "    2      1  Scissors  Rock      李小龍 WINS!",
            ])
        #expect(history.lines.contains("  Zoë 🎸  ########################  1"))
        #expect(history.lines.contains("  李小龍  ########################  1"))
        #expect(stats.lines.contains("Rounds played       2 in 1 match"))
        #expect(stats.lines.contains("Zoë 🎸 wins         1 (50%)"))
        #expect(stats.lines.contains("李小龍 wins         1 (50%)"))
        #expect(stats.lines.contains("Zoë 🎸's favourite  Rock and Scissors (1 of 2 each)"))
    }

    @Test("a right-to-left override in a name is saved as typed and shown escaped")
    func bidiOverride() async throws {
        let name = "Ann\u{202E}evil"
        _ = await rps.run(["settings", "set", "player1", name])
        let game = RecordingConsole()
        let settings = RecordingConsole()
        let history = RecordingConsole()

        _ = await rps.run(["play", "--moves", "r", "--seed", "1"], on: game)
        _ = await rps.run(["settings"], on: settings)
        _ = await rps.run(["history"], on: history)

        #expect(try rps.stateFile.loadAppState().settings.player1Name == name)
        #expect(try String(contentsOf: rps.stateFile.url, encoding: .utf8).contains(name))
        for console in [game, settings, history] {
            #expect(console.output.contains("Ann\\u{202E}evil"))
            #expect(!actsOnTerminal(console.output))
        }
    }

    /// Plays rounds under two lineups with long and wide names, so the history needs its
    /// Players column.
    private func playMixedLineups() async {
        _ = await rps.run(["settings", "set", "player1", "Bartholomew Fitzgerald"])
        _ = await rps.run(["settings", "set", "player2", "李小龍 and friends"])
        _ = await rps.run(["play", "--opponent", "human", "--moves", "r,s,p,p"])
        _ = await rps.run(["play", "--moves", "s,r", "--seed", "3", "--strategy", "beat-last"])
    }

    @Test("at 40 columns every line of history, stats and settings fits", arguments: ["history", "stats", "settings"])
    func narrowReports(command: String) async {
        await playMixedLineups()
        let console = RecordingConsole(isOutputTerminal: true, terminalWidth: 40)

        #expect(
            await RPSProgram(console: console, environment: ["TERM": "xterm"]).run([
                command, "--state-file", rps.stateFile.path,
            ]) == .success)

        let tooWide = console.lines.filter { TerminalText.width($0) > 40 }
        #expect(tooWide.isEmpty, "\(tooWide)")
    }

    @Test("at 40 columns the history is a compact table, with the players of each run of rounds above it")
    func narrowHistory() async {
        await playMixedLineups()
        let console = RecordingConsole(terminalWidth: 40)

        #expect(await rps.run(["history"], on: console) == .success)

        #expect(
            Array(console.lines.prefix(10)) == [
                "#  Match  Player 1  Player 2  Result",
                "-  -----  --------  --------  -------",
                "Bartholomew Fitzgerald vs 李小龍 and fr…",
                "1      1  Rock      Scissors  P1 WINS",
                "2      1  Paper     Paper     DRAW",
                "Bartholomew Fitzgerald vs Computer (bea…",
                "3      2  Scissors  Scissors  DRAW",
                "4      2  Rock      Rock      DRAW",
                "Match 1 was abandoned at 1-0: the next",
                "round had other players.",
            ])
        #expect(console.lines.contains("  Bartholomew Fitzgerald  ####         1"))
    }

    @Test("at 100 columns the full history table is shown as before, and long names are cut to fit it")
    func wideHistory() async {
        _ = await rps.run(["play", "--opponent", "human", "--moves", "r,s,p,p"])
        _ = await rps.run(["play", "--moves", "s,r", "--seed", "3", "--strategy", "beat-last"])
        let wide = RecordingConsole(terminalWidth: 100)
        let unknown = RecordingConsole()

        _ = await rps.run(["history"], on: wide)
        _ = await rps.run(["history"], on: unknown)

        #expect(wide.lines.first?.hasPrefix("Round  Match  Players") == true)
        #expect(wide.output == unknown.output)

        await playMixedLineups()
        let long = RecordingConsole(terminalWidth: 100)
        _ = await rps.run(["history"], on: long)
        #expect(long.lines.first?.hasPrefix("Round  Match  Players") == true)
        #expect(long.lines.contains { $0.contains("Bartholomew Fitzgerald vs Computer (beat-last str…  Scissors") })
        #expect(long.lines.allSatisfy { TerminalText.width($0) <= 100 })
    }

    @Test("at 40 columns the prompt and the round lines are wrapped at spaces")
    func narrowGame() async {
        let console = RecordingConsole(
            input: ["r", "q"], isInputTerminal: true, isOutputTerminal: true, terminalWidth: 40)

        #expect(
            await RPSProgram(console: console, environment: ["TERM": "xterm", "NO_COLOR": "1"]).run([
                "play", "--seed", "1", "--state-file", rps.stateFile.path,
            ]) == .success)

        #expect(console.output.contains("PLAYER 1 - Choose your weapon: (r)ock,\n(p)aper, (s)cissors or (q)uit > "))
        // The recording console does not echo the answer, so what follows a prompt shares its line.
        let lines = console.output.replacingOccurrences(of: "(q)uit > ", with: "(q)uit >\n")
            .split(separator: "\n").map(String.init)
        let tooWide = lines.filter { TerminalText.width($0) > 40 }
        #expect(tooWide.isEmpty, "\(tooWide)")
        #expect(lines.contains("Round 1: Player 1 chose Rock, Computer"))
    }
}
