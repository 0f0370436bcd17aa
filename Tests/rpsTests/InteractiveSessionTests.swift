// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import ReduxPersistence
    import RockPaperScissors
    import TestHelpers
    import Testing

    /// `rps` played in a real terminal (a tmux pane), keys typed as a person would.
    @Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), timeLimit(minutes: 2))
    struct InteractiveSessionTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        /// The shell command that runs `rps` in the sandbox with a clean environment.
        private func command(
            _ arguments: String, environment extra: [String: String] = ["TERM": "xterm-256color", "NO_COLOR": "1"]
        ) -> String {
            let environment = RPSBinary.environment(in: sandbox, extra)
                .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
            return "cd '\(sandbox.url.path)' && env -i \(environment) '\(RPSBinary.url.path)' \(arguments) "
                + "--state-file '\(statePath)'"
        }

        @Test("pass-and-play in a terminal never shows what a player typed")
        func passAndPlay() async throws {
            let tmux = try TmuxSession(running: command("play --opponent human"))
            defer { tmux.kill() }

            try await tmux.waitFor("PLAYER 1 - Choose your weapon: (r)ock")
            try tmux.type("paper")
            let afterPlayer1 = try await tmux.waitFor("PLAYER 2 - Choose your weapon: (r)ock")
            #expect(afterPlayer1.contains("Player 1 has chosen."))
            #expect(!afterPlayer1.contains("paper"), "player 1's weapon must not be visible to player 2")

            try tmux.type("rock")
            let result = try await tmux.waitFor("PLAYER 1 WINS!")
            #expect(result.contains("Round 1: Player 1 chose Paper, Player 2 chose Rock. PLAYER 1 WINS! Match 1: 1-0."))
            #expect(!result.contains("rock"))

            try await tmux.waitFor("PLAYER 1 - Choose your weapon:")
            try tmux.type("s")
            try await tmux.waitFor("PLAYER 2 - Choose your weapon:")
            try tmux.type("p")
            try await tmux.waitFor("Play another match? (y/N) >")
            try tmux.type("n")
            let end = try await tmux.waitFor("[rps exited 0]")

            #expect(end.contains("Match 1 goes to Player 1, 2-0."))
            let history = try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory
            #expect(history.rounds.map(\.result) == [.player1Wins, .player1Wins])
        }

        @Test("a game against the computer asks again after a wrong word and saves when the player quits")
        func againstTheComputer() async throws {
            let tmux = try TmuxSession(running: command("--seed 7"))
            defer { tmux.kill() }

            try await tmux.waitFor("Match 1, best of 3: Player 1 vs Computer (random strategy).")
            try await tmux.waitFor("PLAYER 1 - Choose your weapon:")
            try tmux.type("lizard")
            try await tmux.waitFor("'lizard' is not a weapon; type rock, paper or scissors (or r, p, s), or q to quit.")
            try tmux.type("r")
            try await tmux.waitFor("Round 1: Player 1 chose Rock, Computer chose")
            try tmux.type("q")
            let end = try await tmux.waitFor("[rps exited 0]")

            #expect(end.contains("Match 1 is unfinished"))
            let rounds = try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory.rounds
            #expect(rounds.map(\.player1) == [.rock])
        }

        @Test("Ctrl-C in pass-and-play ends the game on a line of its own, notes the open match, and exits with 130")
        func interruptPassAndPlay() async throws {
            let tmux = try TmuxSession(running: command("play --opponent human"))
            defer { tmux.kill() }

            try await tmux.waitFor("PLAYER 1 - Choose your weapon:")
            try tmux.type("rock")
            try await tmux.waitFor("PLAYER 2 - Choose your weapon:")
            try tmux.type("scissors")
            try await tmux.waitFor("Match 1: 1-0.")
            try await tmux.waitFor("PLAYER 1 - Choose your weapon:")
            try tmux.type("pap", pressingReturn: false)
            try tmux.press("C-c")
            let end = try await tmux.waitFor("[rps exited 130]")

            let lines = end.split(separator: "\n").map(String.init)
            #expect(
                lines.contains(
                    "Match 1 is unfinished at 1-0 (best of 3); it continues the next time these players play."))
            #expect(lines.contains("[rps exited 130]"), "the shell's next line starts on a line of its own")
            #expect(!end.contains("pap"))
            let rounds = try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory.rounds
            #expect(rounds.map(\.result) == [.player1Wins])
            #expect(!FileManager.default.fileExists(atPath: sandbox.file(".state.json.lock").path))
        }

        @Test("Ctrl-C against the computer notes the unfinished match, as q does")
        func interruptAgainstTheComputer() async throws {
            let tmux = try TmuxSession(running: command("--seed 7"))
            defer { tmux.kill() }

            try await tmux.waitFor("PLAYER 1 - Choose your weapon:")
            try tmux.type("r")
            try await tmux.waitFor("Round 1: Player 1 chose Rock")
            try tmux.press("C-c")
            let end = try await tmux.waitFor("[rps exited 130]")

            #expect(end.contains("\nMatch 1 is unfinished at "))
            #expect(end.split(separator: "\n").contains("[rps exited 130]"))
        }

        @Test("in a 40-column terminal the prompt wraps at spaces and no line is wider than the terminal")
        func narrowTerminal() async throws {
            let tmux = try TmuxSession(running: command("--seed 7"), width: 40)
            defer { tmux.kill() }

            try await tmux.waitFor("(q)uit >")
            try tmux.type("r")
            try await tmux.waitFor("Round 1: Player 1")
            try await tmux.waitFor("(q)uit >")
            try tmux.type("q")
            try await tmux.waitFor("[rps exited 0]")

            let written = try tmux.screen(joiningWrappedLines: true).split(separator: "\n").map(String.init)
            #expect(written.contains("PLAYER 1 - Choose your weapon: (r)ock,"))
            #expect(written.allSatisfy { $0.count <= 40 }, "a line the terminal had to wrap: \(written)")
        }

        @Test("a dumb terminal gets no colour and no cursor movement")
        func dumbTerminal() async throws {
            let tmux = try TmuxSession(running: command("play --opponent human", environment: ["TERM": "dumb"]))
            defer { tmux.kill() }

            try await tmux.waitFor("PLAYER 1 - Choose your weapon:")
            try tmux.type("r")
            try await tmux.waitFor("PLAYER 2 - Choose your weapon:")
            try tmux.type("s")
            try await tmux.waitFor("PLAYER 1 WINS!")
            let screen = try tmux.screen(withEscapes: true)

            #expect(!screen.contains("\u{1B}["), "no attributes on screen: \(screen)")
        }
    }
#endif
