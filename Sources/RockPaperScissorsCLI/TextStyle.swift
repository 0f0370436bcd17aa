import RockPaperScissors

/// ANSI colours for the output, or plain text when colour is off.
///
/// Colour is on only when standard output is a terminal that understands it (`TERM` is not
/// `dumb`) and `NO_COLOR` is not set to a non-empty value (<https://no-color.org>), so piped
/// output, dumb terminals and test transcripts get plain text.
struct TextStyle: Sendable {
    /// Whether escape codes are written.
    let isEnabled: Bool

    /// Decides whether to colour the output.
    ///
    /// - Parameters:
    ///   - console: The console; colour needs standard output to be a terminal.
    ///   - environment: The process environment; a non-empty `NO_COLOR`, or `TERM=dumb`, turns
    ///     colour off.
    init(console: any Console, environment: [String: String]) {
        isEnabled =
            console.isOutputTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Creates a style that colours or not as told.
    ///
    /// - Parameter isEnabled: Whether to write escape codes.
    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// Bold text, for headings and names.
    func bold(_ text: String) -> String { wrap(text, code: "1") }

    /// Dim text, for hints.
    func dim(_ text: String) -> String { wrap(text, code: "2") }

    /// A result message in its colour: green when player 1 wins, red when player 2 wins,
    /// yellow for a draw. The winner is named as the rest of the output names them, in the
    /// classic shout: `PLAYER 1 WINS!` for the default names, `COMPUTER WINS!`, `ANN WINS!`.
    ///
    /// - Parameters:
    ///   - result: The result to show.
    ///   - name: The name of a player in the round.
    /// - Returns: The message, coloured.
    func message(for result: RoundResult, naming name: (Player) -> String) -> String {
        switch result {
        case .player1Wins: wrap("\(name(.one).uppercased()) WINS!", code: "1;32")
        case .player2Wins: wrap("\(name(.two).uppercased()) WINS!", code: "1;31")
        case .draw: wrap(result.message.rawValue, code: "1;33")
        }
    }

    private func wrap(_ text: String, code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
