import Foundation

/// The terminal a command talks to: the executable passes the real one, tests a recording
/// console with scripted input, so every command runs in-process.
package protocol Console: AnyObject {
    /// Whether standard input is a terminal (a person typing) rather than a pipe or a file.
    var isInputTerminal: Bool { get }
    var isOutputTerminal: Bool { get }
    /// The terminal's width in columns; `nil` for a pipe or a file: nothing is wrapped then.
    var terminalWidth: Int? { get }

    func write(_ text: String)
    func writeError(_ text: String)

    /// Shows a prompt and reads one line, without its line break; `nil` at the end of the input.
    /// With `hidingInput`, at a terminal, what is typed is not shown (pass-and-play).
    func readLine(prompt: String, hidingInput: Bool) -> String?
}

extension Console {
    /// No known width: the default for a console that is not a terminal.
    package var terminalWidth: Int? { nil }

    /// Writes a line to standard output, wrapped to the terminal's width.
    func line(_ line: String = "") {
        write(fitted(line) + "\n")
    }

    /// Writes a message to standard error, each line wrapped like ``line(_:)``.
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

    /// Asks a yes-or-no question; only "y" or "yes" count as yes, the end of the input as no.
    func confirm(_ question: String) -> Bool {
        guard let answer = readLine(prompt: wrappedPrompt("\(question) (y/N) >"), hidingInput: false) else {
            line()
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
