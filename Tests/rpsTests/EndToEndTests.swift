// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import ReduxPersistence
    import RockPaperScissors
    import TestHelpers
    import Testing

    /// The built `rps` binary, launched as a child process.
    @Suite struct EndToEndTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        private func rps(
            _ arguments: String..., input: String = "", environment: [String: String] = [:]
        ) async throws -> RPSRun {
            try await RPSBinary.run(
                arguments + ["--state-file", statePath], in: sandbox, environment: environment, input: input)
        }

        @Test("the scripted game the README and the game's guide show is what rps prints, word for word")
        func documentedTranscript() async throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let run = try await rps("play", "--moves", "rock,paper,scissors", "--seed", "18")
            for page in ["README.md", "Docs/RockPaperScissors.md"] {
                let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let command = try #require(
                    lines.firstIndex { $0.hasPrefix("$ swift run rps play --moves rock,paper,scissors --seed 18") },
                    "\(page) shows the scripted game")
                let shown = lines[(command + 1)...].prefix { $0 != "```" }
                #expect(shown.joined(separator: "\n") + "\n" == run.output, "\(page)")
            }
            let computerWeapons = run.output.split(separator: "\n").compactMap { line -> Substring? in
                guard line.hasPrefix("Round "), let chose = line.range(of: "Computer chose ") else { return nil }
                return line[chose.upperBound...].prefix { $0 != "." }
            }
            #expect(Set(computerWeapons).count > 1, "the computer varies its weapon")
        }

        @Test("a scripted match against the computer prints each round and the match, the same for the same seed")
        func scriptedMatch() async throws {
            let first = try await rps("play", "--moves", "rock,paper,scissors", "--seed", "7")
            let replay = try await RPSBinary.run(
                [
                    "play", "--moves", "rock,paper,scissors", "--seed", "7", "--state-file",
                    sandbox.file("replay.json").path,
                ],
                in: sandbox)

            #expect(first.status == 0)
            #expect(first.errors.isEmpty)
            #expect(first.output == replay.output)
            let lines = first.output.split(separator: "\n").map(String.init)
            #expect(lines.first == "Match 1, best of 3: Player 1 vs Computer (random strategy).")
            #expect(lines.filter { $0.hasPrefix("Round ") }.count == 3)
            #expect(lines[1].hasPrefix("Round 1: Player 1 chose Rock, Computer chose "))
            #expect(!first.output.contains("\u{1B}["), "no colour when stdout is not a terminal")
            let rounds = try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory.rounds
            #expect(rounds.map(\.player1) == [.rock, .paper, .scissors])
        }

        @Test("a pass-and-play script gives the exact transcript")
        func passAndPlay() async throws {
            let run = try await rps("play", "--opponent", "human", "--moves", "rock,scissors,rock,paper,s,p,p,r")

            #expect(run.status == 0)
            #expect(
                run.output == """
                    Match 1, best of 3: Player 1 vs Player 2.
                    Round 1: Player 1 chose Rock, Player 2 chose Scissors. PLAYER 1 WINS! Match 1: 1-0.
                    Round 2: Player 1 chose Rock, Player 2 chose Paper. PLAYER 2 WINS! Match 1: 1-1.
                    Round 3: Player 1 chose Scissors, Player 2 chose Paper. PLAYER 1 WINS! Match 1: 2-1.
                    Match 1 goes to Player 1, 2-1.
                    Match 2, best of 3: Player 1 vs Player 2.
                    Round 4: Player 1 chose Paper, Player 2 chose Rock. PLAYER 1 WINS! Match 2: 1-0.
                    Match 2 is unfinished at 1-0 (best of 3); it continues the next time these players play.

                    """)
        }

        @Test("two runs sharing a state file build one history")
        func historyAcrossRuns() async throws {
            #expect(try await rps("play", "--moves", "r,p", "--seed", "1").status == 0)
            let second = try await rps("play", "--moves", "s", "--seed", "2")
            let history = try await rps("history")

            #expect(second.output.contains("Round 3: Player 1 chose Scissors"))
            #expect(history.status == 0)
            let rows = history.output.split(separator: "\n").filter { $0.hasPrefix("    ") }
            #expect(rows.map { $0.split(separator: " ").first.map(String.init) } == ["1", "2", "3"])
            #expect(rows.map { String($0.split(separator: " ")[2]) } == ["Rock", "Paper", "Scissors"])
            #expect(history.output.contains("Wins and draws"))
        }

        @Test("a new opponent leaves the open match unfinished and starts its own; history and stats say who played")
        func opponentChangesBetweenRuns() async throws {
            #expect(try await rps("play", "--moves", "r", "--seed", "1").status == 0)
            let first = try #require(
                StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory.matches.first)
            let firstScore = "\(first.player1Wins)-\(first.player2Wins)"

            let human = try await rps("play", "--opponent", "human", "--moves", "r,p,r,p")
            let history = try await rps("history")
            let stats = try await rps("stats")

            #expect(human.status == 0)
            #expect(
                human.output == """
                    Match 1, Player 1 vs Computer (random strategy), stays unfinished at \(firstScore): \
                    a match keeps its players.
                    Match 2, best of 3: Player 1 vs Player 2.
                    Round 2: Player 1 chose Rock, Player 2 chose Paper. PLAYER 2 WINS! Match 2: 0-1.
                    Round 3: Player 1 chose Rock, Player 2 chose Paper. PLAYER 2 WINS! Match 2: 0-2.
                    Match 2 goes to Player 2, 0-2.

                    """)
            let rows = history.output.split(separator: "\n").map(String.init)
            #expect(rows[0] == "Round  Match  Players                                 Player 1  Player 2  Result")
            #expect(rows[2].hasPrefix("    1      1  Player 1 vs Computer (random strategy)  Rock      "))
            #expect(
                rows[3] == "    2      2  Player 1 vs Player 2                    Rock      Paper     PLAYER 2 WINS!")
            #expect(rows.contains("Match 1 was abandoned at \(firstScore): the next round had other players."))
            #expect(rows.contains("Weapons chosen by Player 2"))
            #expect(!history.output.contains("Computer  "), "no chart or column calls every player 2 the computer")
            #expect(stats.output.contains("Matches won           Player 1 0, Player 2 1\n"))
            #expect(stats.output.contains("Abandoned matches     1\n"))
            #expect(stats.output.contains("Player 2 wins "))
        }

        @Test("a version-1 state file is played on as its settings say, and saved in ReduxPersistence's form")
        func version1StateFile() async throws {
            let round = { (number: Int, player2: String, result: String) in
                #"{"bestOf": 3, "match": 1, "number": \#(number), "player1": "rock", "player2": "\#(player2)", "#
                    + #""result": "\#(result)"}"#
            }
            let version1 =
                #"{"formatVersion": 1, "settings": {"player1Name": "Ann", "opponent": "human", "player2Name": "Bob"}, "#
                + #""scoreHistory": {"rounds": [\#(round(1, "scissors", "player1Wins")), \#(round(2, "rock", "draw"))]}}"#
            try Data(version1.utf8).write(to: URL(fileURLWithPath: statePath))

            let history = try await rps("history")
            let game = try await rps("play", "--moves", "r,s")

            #expect(history.status == 0)
            #expect(history.output.hasPrefix("Round  Match  Ann   Bob       Result\n"))
            #expect(game.output.hasPrefix("Match 1 continues at 1-0, best of 3: Ann vs Bob.\n"))
            #expect(game.output.contains("Match 1 goes to Ann, 2-0 (1 draw)."))
            let saved = try String(contentsOf: URL(fileURLWithPath: statePath), encoding: .utf8)
            #expect(saved.contains(#""persistence" : 1"#) && !saved.contains("formatVersion"))
            #expect(try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory.rounds.count == 3)
        }

        @Test("settings survive between runs and change the game")
        func settingsRoundTrip() async throws {
            #expect(try await rps("settings", "set", "player1", "Ann").status == 0)
            #expect(try await rps("settings", "set", "best-of", "1").status == 0)
            #expect(try await rps("settings", "set", "opponent", "human").status == 0)

            let shown = try await rps("settings")
            let game = try await rps("play", "--moves", "r,s")

            #expect(shown.output.contains("player1   Ann\n"))
            #expect(shown.output.contains("best-of   1\n"))
            #expect(shown.output.contains("opponent  human\n"))
            #expect(game.output.contains("Match 1, best of 1: Ann vs Player 2."))
            #expect(game.output.contains("Match 1 goes to Ann, 1-0."))
        }

        @Test("the default state file is under XDG_DATA_HOME, and RPS_STATE_FILE overrides it")
        func defaultLocations() async throws {
            let xdg = try await RPSBinary.run(["play", "--moves", "r", "--seed", "1"], in: sandbox)
            let variable = sandbox.file("from-variable.json").path
            let overridden = try await RPSBinary.run(
                ["play", "--moves", "r", "--seed", "1"], in: sandbox, environment: ["RPS_STATE_FILE": variable])

            #expect(xdg.status == 0 && overridden.status == 0)
            #expect(FileManager.default.fileExists(atPath: sandbox.file("data/rps/state.json").path))
            #expect(FileManager.default.fileExists(atPath: variable))
        }

        @Test("moves piped into standard input are played")
        func pipedInput() async throws {
            let run = try await rps("play", "--opponent", "human", input: "rock\nscissors\n")

            #expect(run.status == 0)
            #expect(run.output.contains("PLAYER 1 WINS!"))
        }

        @Test(
            "bad input exits with code 2, a message on stderr, and the state file unchanged byte for byte",
            arguments: [
                (["play", "--moves", "rock,lizard"], "unknown weapon 'lizard'"),
                (["settings", "set", "best-of", "4"], "best-of must be an odd whole number"),
                (["settings", "set", "opponent", "robot"], "unknown opponent 'robot'"),
                (["dance"], "unknown command 'dance'"),
                (["play", "--fast"], "unknown option '--fast'"),
                (["history", "--moves", "r"], "does not take the option --moves"),
            ])
        func badInput(arguments: [String], message: String) async throws {
            #expect(try await rps("play", "--moves", "r,p", "--seed", "3").status == 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: statePath))

            let run = try await RPSBinary.run(arguments + ["--state-file", statePath], in: sandbox)

            #expect(run.status == 2)
            #expect(run.errors.hasPrefix("rps: error: "))
            #expect(run.errors.contains(message))
            #expect(run.output.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == before)
        }

        @Test("an empty --state-file is a usage error: exit code 2 before any file is read")
        func emptyStateFilePath() async throws {
            let lines = [
                ["--state-file", ""], ["stats", "--state-file="], ["play", "--moves", "r", "--state-file", ""],
            ]
            for arguments in lines {
                let run = try await RPSBinary.run(arguments, in: sandbox)

                #expect(run.status == 2, "\(arguments)")
                #expect(run.errors.hasPrefix("rps: error: the option --state-file needs a file path"), "\(arguments)")
                #expect(run.output.isEmpty, "\(arguments)")
            }
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("data/rps/state.json").path))
        }

        @Test("an unknown option without a command names no command")
        func unknownOptionWithoutACommand() async throws {
            let run = try await RPSBinary.run(["-x"], in: sandbox)

            #expect(run.status == 2)
            #expect(run.errors == "rps: error: unknown option '-x'.\nRun 'rps --help' for usage.\n")
        }

        @Test(
            "a corrupt or newer state file exits with code 1, names the file, and is never overwritten",
            arguments: [
                ("{ this is not json", "is corrupt: it is not valid JSON"),
                (#"{"formatVersion": 1, "settings": {"bestOf": 2}, "scoreHistory": {"rounds": []}}"#, "is corrupt"),
                (#"{"formatVersion": 9, "future": []}"#, "is corrupt: formatVersion 9 is not a version rps ever wrote"),
                (#"{"persistence": 9, "future": []}"#, "has format version 9, but this program reads versions up to 1"),
            ])
        func corruptStateFile(contents: String, message: String) async throws {
            try Data(contents.utf8).write(to: URL(fileURLWithPath: statePath))

            for arguments in [["play", "--moves", "r"], ["settings", "set", "best-of", "5"], ["reset", "--yes"]] {
                let run = try await RPSBinary.run(arguments + ["--state-file", statePath], in: sandbox)
                #expect(run.status == 1)
                #expect(run.errors.contains("the state file \(statePath)"))
                #expect(run.errors.contains(message))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == Data(contents.utf8))
            #expect(sandbox.contents.filter { $0.hasSuffix(".tmp") }.isEmpty)
        }

        @Test("while another rps holds the state file, commands that change it exit with code 1 and change nothing")
        func stateFileInUse() async throws {
            #expect(try await rps("play", "--moves", "r,p", "--seed", "3").status == 0)
            let file = StateFile(url: URL(fileURLWithPath: statePath))
            let before = try Data(contentsOf: file.url)

            let changing = [
                ["play", "--moves", "s", "--seed", "4"], ["settings", "set", "best-of", "5"], ["reset", "--yes"],
            ]
            let (sandbox, statePath) = (self.sandbox, self.statePath)
            // Launched under the lock, which a synchronous closure holds: on a thread of its own, so
            // that the waits hold no thread of the cooperative pool; checked after.
            let (refused, history) = try await onOwnThread {
                try file.withExclusiveAccess {
                    let refused = try changing.map { arguments in
                        try RPSBinary.runWaiting(arguments + ["--state-file", statePath], in: sandbox)
                    }
                    return (refused, try RPSBinary.runWaiting(["history", "--state-file", statePath], in: sandbox))
                }
            }
            for (arguments, run) in zip(changing, refused) {
                #expect(run.status == 1, "\(arguments)")
                #expect(run.errors.contains("the state file \(statePath) is in use by another process"), "\(arguments)")
                #expect(run.output.isEmpty, "\(arguments)")
            }
            #expect(history.status == 0, "reading needs no lock")
            #expect(history.output.contains("Paper"))

            #expect(try Data(contentsOf: file.url) == before)
            #expect(try await rps("play", "--moves", "s", "--seed", "4").status == 0, "the lock ends with its holder")
        }

        @Test("reset --yes erases the history")
        func reset() async throws {
            #expect(try await rps("play", "--moves", "r,p", "--seed", "3").status == 0)

            let run = try await rps("reset", "--yes")

            #expect(run.status == 0)
            #expect(run.output == "Erased 2 rounds of score history.\n")
            #expect(try await rps("history").output.hasPrefix("No rounds played yet"))
        }
    }
#endif
