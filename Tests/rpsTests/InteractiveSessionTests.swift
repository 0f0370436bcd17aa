import Foundation
import RockPaperScissors
import TestHelpers
import Testing

/// `rps` played in a real terminal (a tmux pane), keys typed as a person would.
@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"), .timeLimit(.minutes(2)))
struct InteractiveSessionTests {
    private let sandbox: TemporaryDirectory
    private let statePath: String

    init() throws {
        sandbox = try TemporaryDirectory()
        statePath = sandbox.file("state.json").path
    }

    /// The shell command that runs `rps` in the sandbox with a clean environment.
    private func command(_ arguments: String) -> String {
        let environment = RPSBinary.environment(in: sandbox, ["TERM": "xterm-256color", "NO_COLOR": "1"])
            .map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        return "cd '\(sandbox.url.path)' && env -i \(environment) '\(RPSBinary.url.path)' \(arguments) "
            + "--state-file '\(statePath)'"
    }

    @Test("pass-and-play in a terminal never shows what a player typed")
    func passAndPlay() async throws {
        let tmux = try TmuxSession(running: command("play --opponent human"))
        defer { tmux.kill() }

        try await tmux.waitFor("PLAYER 1 - Choose your weapon: [Player 1]")
        try tmux.type("paper")
        let afterPlayer1 = try await tmux.waitFor("PLAYER 2 - Choose your weapon: [Player 2]")
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
}
