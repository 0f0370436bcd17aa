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
    /// The width of the terminal in columns, when output goes to a terminal whose width is
    /// known; `nil` otherwise (a pipe, a file), and then nothing is wrapped or narrowed.
    var terminalWidth: Int? { get }

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
    ///   - prompt: Written to standard output first, without a final line break; may be empty,
    ///     and may hold line breaks when it is wrapped to the terminal's width.
    ///   - hidingInput: When standard input is a terminal, do not show what is typed (for
    ///     pass-and-play, so player 2 cannot see player 1's choice). The terminal stops echoing
    ///     before the prompt appears, so nothing typed after the prompt shows, and the prompt
    ///     line is cleared once the line is read.
    /// - Returns: The line without its line break, or `nil` at the end of the input.
    func readLine(prompt: String, hidingInput: Bool) -> String?
}

extension Console {
    /// No known width: the default for a console that is not a terminal.
    public var terminalWidth: Int? { nil }

    /// Writes a line to standard output, wrapped at spaces to the terminal's width when it is
    /// known.
    ///
    /// - Parameter line: The line, without a line break.
    func line(_ line: String = "") {
        write(fitted(line) + "\n")
    }

    /// Writes a message to standard error, each line wrapped like ``line(_:)``.
    ///
    /// - Parameter message: The message, with a final line break.
    func errorMessage(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { fitted(String($0)) }
        writeError(lines.joined(separator: "\n"))
    }

    /// A prompt wrapped to the terminal's width, ending in one space after its last word.
    ///
    /// - Parameter prompt: The prompt, such as "Play another match? (y/N) >".
    /// - Returns: The lines of the prompt joined by line breaks, then a space.
    func wrappedPrompt(_ prompt: String) -> String {
        guard let width = terminalWidth else { return prompt + " " }
        return TerminalText.wrapped(prompt, toWidth: max(1, width - 1)).joined(separator: "\n") + " "
    }

    /// A line wrapped to the terminal's width, or as it is when the width is unknown.
    private func fitted(_ line: String) -> String {
        guard let width = terminalWidth else { return line }
        return TerminalText.wrapped(line, toWidth: width).joined(separator: "\n")
    }

    /// Asks a yes-or-no question; only "y" or "yes" (any case) count as yes.
    ///
    /// - Parameter question: The question, without the "(y/N)" hint.
    /// - Returns: Whether the answer was yes; `false` at the end of the input.
    func confirm(_ question: String) -> Bool {
        guard let answer = readLine(prompt: wrappedPrompt("\(question) (y/N) >"), hidingInput: false) else {
            line()
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
