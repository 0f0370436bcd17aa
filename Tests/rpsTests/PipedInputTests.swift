// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import ReduxPersistence
    import RockPaperScissors
    import TestHelpers
    import Testing

    /// Moves piped into the built `rps` by a slow producer: each line is played, shown and saved as
    /// it arrives (issue 12, piped moves). The test writes a line, then waits for `rps` to report
    /// the round before writing the next: no sleeps.
    @Suite(timeLimit(minutes: 1)) struct PipedInputTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        private func savedMoves() throws -> [Weapon] {
            try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory.rounds.map(\.player1)
        }

        @Test("each piped line is played and saved as soon as it arrives, and q on its own line quits")
        func linesAsTheyArrive() async throws {
            let game = try RunningRPS(["play", "--seed", "1", "--state-file", statePath], in: sandbox)

            try game.send("r")
            try await game.waitForOutput("Round 1: Player 1 chose Rock")
            #expect(try savedMoves() == [.rock], "saved before the next line arrives")

            try game.send("# a comment, then a blank line")
            try game.send("")
            try game.send("paper")
            try await game.waitForOutput("Round 2: Player 1 chose Paper")
            #expect(try savedMoves() == [.rock, .paper])

            try game.send("q")
            let end = await game.waitForExit()

            #expect(end.status == 0, "q ends the game while the input is still open")
            #expect(end.errors.isEmpty)
            #expect(try savedMoves() == [.rock, .paper])
            try game.closeInput()
        }

        @Test("kill -9 after a piped round loses none of the rounds played")
        func killNine() async throws {
            let game = try RunningRPS(["play", "--seed", "1", "--state-file", statePath], in: sandbox)

            try game.send("s")
            try await game.waitForOutput("Round 1: Player 1 chose Scissors")
            await game.kill9()

            #expect(try savedMoves() == [.scissors])
            let next = try await RPSBinary.run(
                ["play", "--moves", "r", "--seed", "2", "--state-file", statePath], in: sandbox)
            #expect(next.status == 0, "the lock died with the killed game")
            #expect(try savedMoves() == [.scissors, .rock])
            #expect(sandbox.contents.filter { $0.hasSuffix(".lock") || $0.hasSuffix(".tmp") }.isEmpty)
        }

        @Test("a bad piped line stops the game with exit code 2 and keeps the rounds before it")
        func badLineKeepsEarlierRounds() async throws {
            let game = try RunningRPS(["play", "--opponent", "human", "--state-file", statePath], in: sandbox)

            try game.send("rock")
            try game.send("scissors")
            try await game.waitForOutput("Round 1: Player 1 chose Rock, Player 2 chose Scissors")
            try game.send("lizard")
            let end = await game.waitForExit()
            try game.closeInput()

            #expect(end.status == 2)
            #expect(
                end.errors.hasPrefix(
                    "rps: error: line 3 of standard input is the unknown weapon 'lizard'; use rock, paper or scissors "
                        + "(or r, p, s), or q to quit. The round before it was played and saved.\n"))
            #expect(
                end.output.hasSuffix(
                    "Match 1 is unfinished at 1-0 (best of 3); it continues the next time these players play.\n"))
            #expect(try savedMoves() == [.rock])
        }
    }
#endif
