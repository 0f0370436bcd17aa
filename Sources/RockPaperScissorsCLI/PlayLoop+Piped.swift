import Foundation
import ReduxPersistence
import RockPaperScissors

extension PlayLoop {
    /// Plays the moves piped into standard input, each as soon as its line arrives: one move per
    /// line, blank lines and lines starting with `#` skipped, `q` or `quit` on a line of its own
    /// to stop.
    ///
    /// Every round is saved when its last move arrives, so a game fed slowly shows and keeps its
    /// rounds as they are played, and a killed game loses none of them.
    ///
    /// - Throws: ``UsageError`` when a line is no weapon, when the input holds no move at all, or
    ///   when it ends halfway through a round against a person; the rounds before are kept, and
    ///   the message says so. ``PersistenceError`` if saving fails.
    func playPiped() async throws {
        var lineNumber = 0
        var movesRead = 0
        while let line = context.console.readLine(prompt: "", hidingInput: false) {
            lineNumber += 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") {
                continue
            }
            if ["q", "quit"].contains(text.lowercased()) {
                return
            }
            guard let weapon = Weapon(argument: text) else {
                throw stopped(
                    "line \(lineNumber) of standard input is the unknown weapon \(ShownText.quoted(text)); use "
                        + "\(MoveList.accepted), or q to quit.")
            }
            try await play(weapon)
            movesRead += 1
        }
        guard movesRead > 0 else {
            throw UsageError(
                "there are no moves to play; pass --moves, pipe moves one per line, or run rps in a terminal.",
                command: .play)
        }
        if session.nextPlayer == .two {
            throw stopped(
                "the input ended after player 1's move of a round; against a person the moves alternate "
                    + "player 1, player 2, so that move was not played.")
        }
    }

    /// A usage error that ends a piped game, saying which of its rounds were kept; the open match
    /// is noted first, as at the end of any game.
    private func stopped(_ message: String) -> UsageError {
        guard roundsPlayed > 0 else { return UsageError(message + " Nothing was played.", command: .play) }
        end()
        let rounds = roundsPlayed == 1 ? "The round before it was" : "The \(roundsPlayed) rounds before it were"
        return UsageError("\(message) \(rounds) played and saved.", command: .play)
    }
}
