import Foundation
import RockPaperScissors
import RockPaperScissorsCLI
import Testing

/// The hand-written command-line parser.
@Suite struct CommandLineParserTests {
    @Test("no arguments means an interactive game")
    func defaultCommand() throws {
        #expect(try CommandLineParser.parse([]) == Invocation(command: .play(PlayOptions())))
    }

    @Test("a scripted game with a seed")
    func scriptedGame() throws {
        let parsed = try CommandLineParser.parse(["play", "--moves", "rock,p, scissors", "--seed", "7"])
        #expect(parsed.command == .play(PlayOptions(moves: [.rock, .paper, .scissors], seed: 7)))
    }

    @Test("options may come before the command and use the --name=value form")
    func optionPlacement() throws {
        let parsed = try CommandLineParser.parse([
            "--state-file=/tmp/s.json", "play", "--opponent=human", "--moves", "r,s",
        ])
        #expect(parsed.stateFilePath == "/tmp/s.json")
        #expect(parsed.command == .play(PlayOptions(opponent: .human, moves: [.rock, .scissors])))
    }

    @Test(
        "each command parses with its options",
        arguments: [
            (["history"], Command.history(last: nil)), (["history", "--last", "5"], .history(last: 5)),
            (["stats"], .stats), (["settings"], .showSettings),
            (["settings", "set", "best-of", "5"], .setSetting(.bestOf(5))),
            (["settings", "set", "player1", "Ann", "Lee"], .setSetting(.player1Name("Ann Lee"))),
            (["settings", "set", "--", "player2", "-Bo-"], .setSetting(.player2Name("-Bo-"))),
            (["reset"], .reset(confirmed: false, includesSettings: false)),
            (["reset", "-y", "--all"], .reset(confirmed: true, includesSettings: true)),
            (["play", "--strategy", "counter"], .play(PlayOptions(strategy: .counter))),
            (["settings", "get", "best-of"], .getSetting(key: "best-of")),
            (["settings", "get", "BestOf"], .getSetting(key: "best-of")),
            (["settings", "set", "player2", "-Bo-"], .setSetting(.player2Name("-Bo-"))),
            (["settings", "set", "player1", "-Ann", "Lee"], .setSetting(.player1Name("-Ann Lee"))),
            (["version"], .version), (["--version"], .version), (["play", "--moves", "r", "--version"], .version),
            (["help", "version"], .help(.version)),
            (["inspect"], .inspect(port: nil, htmlPath: nil)),
            (["inspect", "--port", "8080"], .inspect(port: 8080, htmlPath: nil)),
            (["inspect", "--html=game.html"], .inspect(port: nil, htmlPath: "game.html")),
        ])
    func commands(arguments: [String], command: Command) throws {
        #expect(try CommandLineParser.parse(arguments).command == command)
    }

    @Test(
        "help is asked for with --help, -h or the help command",
        arguments: [
            (["--help"], Command.help(nil)), (["-h"], .help(nil)), (["history", "--help"], .help(.history)),
            (["help"], .help(nil)), (["help", "reset"], .help(.reset)), (["help", "--help"], .help(nil)),
            (["play", "--moves", "lizard", "--help"], .help(.play)),
        ])
    func help(arguments: [String], command: Command) throws {
        #expect(try CommandLineParser.parse(arguments).command == command)
    }

    @Test(
        "a bad command line is refused with a message that says what to do",
        arguments: [
            (["dance"], "unknown command 'dance'; use one of: play, history", "rps --help"),
            (["play", "--colour"], "unknown option '--colour' for 'rps play'", "rps play --help"),
            (["history", "--seed", "3"], "'rps history' does not take the option --seed", "rps history --help"),
            (["play", "--moves"], "the option --moves needs a value", "rps play --help"),
            (["play", "--seed", "1", "--seed", "2"], "--seed was given more than once", "rps play --help"),
            (
                ["play", "--seed", "-1"], "--seed needs a whole number from 0 to 18446744073709551615; got '-1'",
                "rps play --help"
            ),
            (["play", "--seed", "seven"], "--seed needs a whole number", "rps play --help"),
            (
                ["play", "--moves", "rock,lizard"], "move 2 of --moves is the unknown weapon 'lizard'",
                "rps play --help"
            ),
            (["play", "--moves", "rock,,paper"], "move 2 of --moves is an empty move", "rps play --help"),
            (["play", "--opponent", "robot"], "unknown opponent 'robot'", "rps play --help"),
            (["history", "--last", "0"], "--last needs a positive whole number", "rps history --help"),
            (["settings", "get", "x"], "unknown setting 'x'; use one of: player1", "rps settings --help"),
            (["settings", "best-of"], "to show best-of, type 'rps settings get best-of'", "rps settings --help"),
            (
                ["settings", "sett", "best-of", "3"], "unknown settings action 'sett'; did you mean 'set'?",
                "rps settings --help"
            ),
            (["settings", "get"], "to show one setting, type 'rps settings get <key>'", "rps settings --help"),
            (["settings", "set", "best-of", "4"], "best-of must be an odd whole number", "rps settings --help"),
            (["settings", "set", "volume", "11"], "unknown setting 'volume'", "rps settings --help"),
            (
                ["settings", "set", "colour", "red"],
                "unknown setting 'colour'; use one of: player1, player2, opponent, strategy, best-of.",
                "rps settings --help"
            ),
            (
                ["settings", "set", "opponent", "robot"], "unknown opponent 'robot'; use one of: human, computer.",
                "rps settings --help"
            ),
            (
                ["settings", "set", "strategy", "psychic"],
                "unknown strategy 'psychic'; use one of: random, counter, beat-last.", "rps settings --help"
            ),
            (["stats", "now"], "unexpected argument 'now' for 'rps stats'", "rps stats --help"),
            (["inspect", "--port", "0"], "--port needs a port number from 1 to 65535; got '0'", "rps inspect --help"),
            (
                ["inspect", "--port", "65536"], "--port needs a port number from 1 to 65535; got '65536'",
                "rps inspect --help"
            ),
            (
                ["inspect", "--port", "http"], "--port needs a port number from 1 to 65535; got 'http'",
                "rps inspect --help"
            ),
            (["inspect", "--port", "1", "--html", "x"], "give one of them", "rps inspect --help"),
            (
                ["inspect", "--html", ""], "the option --html needs a file path to write the page to; got an empty one",
                "rps inspect --help"
            ),
            (["play", "--port", "1"], "'rps play' does not take the option --port", "rps play --help"),
            (["reset", "--yes=please"], "the option --yes takes no value", "rps reset --help"),
            (["help", "dance"], "there is no command 'dance'", "rps --help"),
            (["--state-file", ""], "the option --state-file needs a file path; got an empty one", "rps --help"),
            (
                ["settings", "set", "best-of", "-1"],
                "best-of must be an odd whole number from 1 to 99, such as 3 or 5; got '-1'.", "rps settings --help"
            ),
            (
                ["settings", "set", "player1", "--Bo"],
                "unknown option '--Bo' for 'rps settings'; to give a setting a value that starts with --, put -- "
                    + "before the key: rps settings set -- <key> '--Bo'.", "rps settings --help"
            ),
            (["stats", "--state-file="], "the option --state-file needs a file path", "rps stats --help"),
        ])
    func usageErrors(arguments: [String], message: String, help: String) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            guard let error = error as? UsageError else { return false }
            return error.message.contains(message) && error.description.hasSuffix("Run '\(help)' for usage.")
        }
    }

    @Test(
        "a mistyped word is answered with what was probably meant",
        arguments: [
            (["plya"], "unknown command 'plya'; did you mean 'play'? Use one of: play, history"),
            (["hist"], "unknown command 'hist'; did you mean 'history'?"),
            (["stast"], "unknown command 'stast'; did you mean 'stats'?"),
            (["play", "--sed", "3"], "unknown option '--sed' for 'rps play'; did you mean '--seed'?"),
            (["history", "--lats", "3"], "unknown option '--lats' for 'rps history'; did you mean '--last'?"),
            (["settings", "set", "best_of", "3"], "unknown setting 'best_of'; did you mean 'best-of'? Use one of:"),
            (["play", "--opponent", "humna"], "unknown opponent 'humna'; did you mean 'human'?"),
            (["play", "--strategy", "beatlast"], "unknown strategy 'beatlast'; did you mean 'beat-last'?"),
            (["help", "rest"], "there is no command 'rest' to explain; did you mean 'reset'?"),
            (
                ["play", "r", "p"],
                "unexpected argument 'r' for 'rps play'; to play moves from the command line, type 'rps play --moves r,p'."
            ),
            (
                ["rock", "paper,s"],
                "unknown command 'rock'; to play those moves, type 'rps play --moves rock,paper,s'."
            ),
            (
                ["dance"],
                "unknown command 'dance'; use one of: play, history, stats, replay, undo, settings, reset, inspect, help, "
                    + "version."
            ),
        ])
    func suggestions(arguments: [String], message: String) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }

    @Test(
        "input quoted in an error is escaped and cut",
        arguments: [["\u{1B}[31m"], [String(repeating: "x", count: 500)]])
    func quotedInput(arguments: [String]) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            guard let message = (error as? UsageError)?.message else { return false }
            return !message.unicodeScalars.contains { $0.value < 0x20 } && message.count < 200
        }
    }

    @Test(
        "an option error on a line without a command does not name the default command",
        arguments: [
            (["-x"], "unknown option '-x'."),
            (["--colour", "--moves", "r"], "unknown option '--colour'."),
            (["--last", "3"], "'rps' without a command plays, and playing does not take the option --last."),
        ])
    func optionErrorsWithoutACommand(arguments: [String], message: String) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            guard let error = error as? UsageError else { return false }
            return error.message == message && error.description.hasSuffix("Run 'rps --help' for usage.")
        }
    }
}
