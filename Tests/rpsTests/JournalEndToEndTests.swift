// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import ReduxPersistence
    import RockPaperScissors
    import TestHelpers
    import Testing

    /// The built `rps` with its state file as a snapshot plus a journal (issue 11): what survives
    /// `kill -9`, `rps replay` and `rps undo`.
    @Suite(timeLimit(minutes: 2)) struct JournalEndToEndTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        private func rps(_ arguments: String..., input: String = "") async throws -> RPSRun {
            try await RPSBinary.run(arguments + ["--state-file", statePath], in: sandbox, input: input)
        }

        private func saved() throws -> ScoreHistory {
            try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory
        }

        /// The "Round k: …" lines of an output.
        private func roundLines(_ output: String) -> [String] {
            output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Round ") }
        }

        /// The state file and what a command may leave beside it, without the runs' captured output
        /// and the last game kept for `rps inspect` (``InspectCommandTests``).
        private var stateFiles: [String] {
            sandbox.contents.filter {
                !$0.hasSuffix(".out") && !$0.hasSuffix(".err") && !$0.hasSuffix(".in")
                    && $0 != ".state.json.session.journal"
            }
        }

        @Test(
            "kill -9 in the middle of a fast game loses none of the rounds it printed",
            arguments: [1, 150, 700])
        func killNineAtAnyMoment(afterRound: Int) async throws {
            let game = try RunningRPS(["play", "--seed", "5", "--state-file", statePath], in: sandbox)
            // 30,000 moves in one write, within a pipe's 64 KiB: far more than the game plays before the kill.
            try game.send((0..<30_000).map { ["r", "p", "s"][$0 % 3] }.joined(separator: "\n"))
            try await game.waitForOutput("Round \(afterRound): ")
            await game.kill9()

            let printed = roundLines(game.output).filter { $0.hasSuffix(".") }
            let history = try saved()
            #expect(printed.count >= afterRound && printed.count < 30_000, "killed in the middle of the game")
            #expect(history.rounds.count >= printed.count, "every printed round is in the state file")
            for (line, round) in zip(printed, history.rounds) {
                #expect(line.hasPrefix("Round \(round.number): Player 1 chose \(round.player1.displayName), "))
                #expect(line.contains("Computer chose \(round.player2.displayName). "))
            }

            let next = try await rps("play", "--moves", "r", "--seed", "2")
            #expect(next.status == 0)
            #expect(try saved().rounds.count == history.rounds.count + 1)
            #expect(stateFiles == ["state.json"], "the next game folded the journal into the state file")
        }

        @Test("rps replay shows the last match round by round in the words rps play printed, across sessions")
        func replayLastMatch() async throws {
            let first = try await rps("play", "--moves", "r,p", "--seed", "3")
            let second = try await rps("play", "--moves", "s,r,p,s,r", "--seed", "4")
            let playedLines = (first.output + second.output).split(separator: "\n").map(String.init)
            let lastMatch = try #require(try saved().matches.last).number

            let replay = try await rps("replay")

            #expect(replay.status == 0)
            #expect(replay.errors.isEmpty)
            let lines = replay.output.split(separator: "\n").map(String.init)
            #expect(
                lines.first?.hasPrefix("Match \(lastMatch), best of 3: Player 1 vs Computer (random strategy).") == true
            )
            let expected = playedLines.filter { $0.hasPrefix("Round ") && $0.contains(" Match \(lastMatch): ") }
            #expect(roundLines(replay.output) == expected)
            #expect(!expected.isEmpty)
            #expect(stateFiles == ["state.json"], "replay writes nothing")
        }

        @Test("rps replay --match N shows a finished match, with how it ended")
        func replayFinishedMatch() async throws {
            let game = try await rps("play", "--moves", "r,r,r,r,r,r,r,r", "--seed", "1")
            let decided = try #require(try saved().matches.first { $0.isDecided })

            let replay = try await rps("replay", "--match", "\(decided.number)")

            #expect(replay.status == 0)
            let expected = roundLines(game.output).filter { $0.contains(" Match \(decided.number): ") }
            #expect(roundLines(replay.output) == expected)
            #expect(replay.output.contains("Match \(decided.number) goes to "))
        }

        @Test("a match number that does not exist is an error with exit code 1; one that is no number, exit code 2")
        func replayBadMatch() async throws {
            let none = try await rps("replay")
            let missingBeforePlay = try await rps("replay", "--match", "1")
            #expect(none.status == 0 && none.output == "No match played yet; start one with 'rps play'.\n")
            #expect(missingBeforePlay.status == 1)
            #expect(stateFiles.isEmpty, "nothing was created")

            _ = try await rps("play", "--moves", "r", "--seed", "1")
            let before = try Data(contentsOf: URL(fileURLWithPath: statePath))
            let missing = try await rps("replay", "--match", "7")
            let zero = try await rps("replay", "--match", "0")
            let word = try await rps("replay", "--match", "last")

            #expect(missing.status == 1)
            #expect(missing.errors == "rps: error: there is no match 7 to replay: the score history has match 1.\n")
            #expect(zero.status == 2 && word.status == 2)
            #expect(word.errors.contains("--match needs a match number, a whole number from 1; got 'last'."))
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == before)
        }

        @Test("rps undo takes back the last round of the unfinished match, and says so")
        func undo() async throws {
            let game = try await rps("play", "--moves", "r,p", "--seed", "3")
            let rounds = roundLines(game.output)

            let undo = try await rps("undo")

            #expect(undo.status == 0)
            let round = try #require(rounds.last)
            let end = try #require(round.range(of: ". ")).lowerBound
            let taken = round[..<end].replacingOccurrences(of: "Round ", with: "round ")
            #expect(undo.output.hasPrefix("Took back \(taken). Match 1 is back at "))
            #expect(try saved().rounds.count == 1)
            #expect(stateFiles == ["state.json"])
            let replay = try await rps("replay")
            #expect(roundLines(replay.output) == [rounds[0]])
        }

        @Test("with nothing to undo, rps undo says so, exits with code 1 and changes nothing")
        func nothingToUndo() async throws {
            let fresh = try await rps("undo")
            #expect(fresh.status == 1)
            #expect(fresh.errors.contains("rps: nothing to undo: no round has been played yet;"))
            #expect(stateFiles.isEmpty, "no file, journal or lock is left")

            #expect(try await rps("settings", "set", "best-of", "1").status == 0)
            var seed = 0
            while try saved().matches.isEmpty || saved().openMatch != nil, seed < 50 {
                seed += 1
                _ = try await rps("play", "--moves", "r", "--seed", "\(seed)")
            }
            try #require(try saved().openMatch == nil && !saved().matches.isEmpty, "a best-of-1 match was decided")
            let before = try Data(contentsOf: URL(fileURLWithPath: statePath))

            let refused = try await rps("undo")

            #expect(refused.status == 1)
            #expect(refused.errors.contains("is decided; only a round of the unfinished match can be taken back."))
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == before)
            #expect(stateFiles == ["state.json"])
        }
    }
#endif
