import Foundation

/// The terminal a command talks to: standard output, standard error and standard input.
///
/// The `rps` executable passes the real terminal; tests pass a recording console with scripted
/// input, so every command runs in-process without a terminal.
public protocol Console: AnyObject {
    /// Whether standard input is a terminal (a person typing) rather than a pipe or a file.
    var isInputTerminal: Bool { get }
    /// Whether standard output is a terminal, which is when colour may be used.
    var isOutputTerminal: Bool { get }

    /// Writes text to standard output as it is, without adding a line break.
    ///
    /// - Parameter text: The text.
    func write(_ text: String)

    /// Writes text to standard error as it is, without adding a line break.
    ///
    /// - Parameter text: The text.
    func writeError(_ text: String)

    /// Shows a prompt and reads one line from standard input.
    ///
    /// - Parameters:
    ///   - prompt: Written to standard output first, without a line break; may be empty.
    ///   - hidingInput: When standard input is a terminal, do not show what is typed (for
    ///     pass-and-play, so player 2 cannot see player 1's choice). The terminal stops echoing
    ///     before the prompt appears, so nothing typed after the prompt shows, and the prompt
    ///     line is cleared once the line is read.
    /// - Returns: The line without its line break, or `nil` at the end of the input.
    func readLine(prompt: String, hidingInput: Bool) -> String?
}

extension Console {
    /// Writes a line to standard output.
    ///
    /// - Parameter line: The line, without a line break.
    func line(_ line: String = "") {
        write(line + "\n")
    }

    /// Asks a yes-or-no question; only "y" or "yes" (any case) count as yes.
    ///
    /// - Parameter question: The question, without the "(y/N)" hint.
    /// - Returns: Whether the answer was yes; `false` at the end of the input.
    func confirm(_ question: String) -> Bool {
        guard let answer = readLine(prompt: "\(question) (y/N) > ", hidingInput: false) else {
            line()
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
