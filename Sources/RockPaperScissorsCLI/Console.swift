import Foundation

/// The terminal a command talks to: standard output, standard error and standard input.
///
/// The `rps` executable passes the real terminal; tests pass a recording console with scripted
/// input, so every command runs in-process without a terminal.
package protocol Console: AnyObject {
    /// Whether standard input is a terminal (a person typing) rather than a pipe or a file.
    var isInputTerminal: Bool { get }
    /// Whether standard output is a terminal, which is when colour may be used.
    var isOutputTerminal: Bool { get }
    /// The width of the terminal in columns, when output goes to a terminal whose width is
    /// known; `nil` otherwise (a pipe, a file), and then nothing is wrapped or narrowed.
    var terminalWidth: Int? { get }

    /// Writes text to standard output as it is.
    func write(_ text: String)
    /// Writes text to standard error as it is.
    func writeError(_ text: String)

    /// Shows a prompt (it may be empty, or hold line breaks when wrapped) and reads one line
    /// from standard input, without its line break; `nil` at the end of the input.
    ///
    /// With `hidingInput`, when standard input is a terminal, what is typed is not shown (for
    /// pass-and-play, so player 2 cannot see player 1's choice): the terminal stops echoing
    /// before the prompt appears, and the prompt line is cleared once the line is read.
    func readLine(prompt: String, hidingInput: Bool) -> String?
}

extension Console {
    /// No known width: the default for a console that is not a terminal.
    package var terminalWidth: Int? { nil }

    /// Writes a line to standard output, wrapped at spaces to the terminal's width when it is
    /// known.
    func line(_ line: String = "") {
        write(fitted(line) + "\n")
    }

    /// Writes a message, ending in a line break, to standard error, each line wrapped like
    /// ``line(_:)``.
    func errorMessage(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { fitted(String($0)) }
        writeError(lines.joined(separator: "\n"))
    }

    /// A prompt wrapped to the terminal's width, ending in one space after its last word.
    func wrappedPrompt(_ prompt: String) -> String {
        guard let width = terminalWidth else { return prompt + " " }
        return TerminalText.wrapped(prompt, toWidth: max(1, width - 1)).joined(separator: "\n") + " "
    }

    private func fitted(_ line: String) -> String {
        guard let width = terminalWidth else { return line }
        return TerminalText.wrapped(line, toWidth: width).joined(separator: "\n")
    }

    /// Asks a yes-or-no question (without the "(y/N)" hint); only "y" or "yes" (any case) count
    /// as yes, and the end of the input as no.
    func confirm(_ question: String) -> Bool {
        guard let answer = readLine(prompt: wrappedPrompt("\(question) (y/N) >"), hidingInput: false) else {
            line()
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
