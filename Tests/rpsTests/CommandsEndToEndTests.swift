// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import RockPaperScissors
    import RockPaperScissorsCLI
    import TestHelpers
    import Testing

    /// The commands a new user reaches for, run through the built `rps` (issue 12, commands).
    @Suite struct CommandsEndToEndTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        private func rps(_ arguments: String...) async throws -> RPSRun {
            try await RPSBinary.run(arguments + ["--state-file", statePath], in: sandbox)
        }

        @Test("settings get prints one value alone on its line")
        func settingsGet() async throws {
            let fresh = try await rps("settings", "get", "best-of")
            #expect(try await rps("settings", "set", "player1", "Ann Lee").status == 0)
            let named = try await rps("settings", "get", "player1")
            let unknown = try await rps("settings", "get", "volume")

            #expect(fresh.status == 0 && fresh.output == "3\n")
            #expect(named.status == 0 && named.output == "Ann Lee\n")
            #expect(unknown.status == 2)
            #expect(unknown.errors.hasPrefix("rps: error: unknown setting 'volume'; use one of: player1"))
        }

        @Test("changing best-of while a match is open says the open match keeps its length")
        func bestOfWithAnOpenMatch() async throws {
            #expect(try await rps("play", "--moves", "r", "--seed", "18").status == 0)
            let changed = try await rps("settings", "set", "best-of", "5")
            let play = try await rps("play", "--moves", "r,p,s", "--seed", "18")

            #expect(
                changed.output
                    == "best-of is now 5.\n"
                    + "Match 1, open at 0-1, keeps its length (best of 3); best of 5 applies from the next match.\n")
            #expect(play.output.contains("Match 1 continues at 0-1, best of 3"))
            #expect(play.output.contains("Match 2, best of 5"))
        }

        @Test("a value starting with - after a setting name is a value, checked like any other; -- passes one with --")
        func dashValues() async throws {
            let negative = try await rps("settings", "set", "best-of", "-1")
            #expect(!FileManager.default.fileExists(atPath: statePath), "nothing was saved")
            let dashed = try await RPSBinary.run(
                ["settings", "set", "--state-file", statePath, "--", "player2", "--Bo--"], in: sandbox)
            let help = try await rps("settings", "--help")

            #expect(negative.status == 2)
            #expect(
                negative.errors
                    == "rps: error: best-of must be an odd whole number from 1 to 99, such as 3 or 5; got '-1'.\n"
                    + "Run 'rps settings --help' for usage.\n")
            #expect(dashed.status == 0 && dashed.output == "player2 is now --Bo--.\n")
            #expect(help.output.contains("put -- before the key: rps settings set -- player2 --Bo--."))
            #expect(help.output.contains("  --                  End the options"))
        }

        @Test("--version and version print the version")
        func version() async throws {
            for arguments in [["--version"], ["version"], ["play", "--version"]] {
                let run = try await RPSBinary.run(arguments, in: sandbox)

                #expect(run.status == 0, "\(arguments)")
                #expect(run.output == RPSProgram.versionLine + "\n", "\(arguments)")
                #expect(run.output.hasPrefix("rps \(RPSProgram.version) "))
            }
        }

        @Test("a mistyped command is answered with the command it resembles, and nothing is run")
        func didYouMean() async throws {
            let run = try await rps("plya")

            #expect(run.status == 2)
            #expect(run.errors.hasPrefix("rps: error: unknown command 'plya'; did you mean 'play'?"))
            #expect(run.output.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: statePath))
        }

        @Test("moves typed as arguments are answered with the --moves line that plays them")
        func movesAsArguments() async throws {
            let withCommand = try await rps("play", "r", "p")
            let withoutCommand = try await rps("rock", "paper")

            #expect(withCommand.status == 2 && withoutCommand.status == 2)
            #expect(withCommand.errors.contains("to play moves from the command line, type 'rps play --moves r,p'."))
            #expect(withoutCommand.errors.contains("to play those moves, type 'rps play --moves rock,paper'."))
            #expect(!FileManager.default.fileExists(atPath: statePath))
        }
    }
#endif
