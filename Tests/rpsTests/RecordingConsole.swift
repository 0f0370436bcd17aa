import RockPaperScissorsCLI

/// A console for in-process command tests: scripted input lines, recorded output.
final class RecordingConsole: Console {
    let isInputTerminal: Bool
    let isOutputTerminal: Bool
    let terminalWidth: Int?
    /// Everything written to standard output, prompts included.
    private(set) var output = ""
    /// Everything written to standard error.
    private(set) var errors = ""
    /// How many lines were read with the input hidden.
    private(set) var hiddenReads = 0
    private var input: [String]

    /// Creates a console.
    ///
    /// - Parameters:
    ///   - input: The lines standard input will give, then its end.
    ///   - isInputTerminal: Whether to pretend standard input is a terminal.
    ///   - isOutputTerminal: Whether to pretend standard output is a terminal.
    ///   - terminalWidth: The terminal width to report, or `nil` for an unknown width.
    init(
        input: [String] = [], isInputTerminal: Bool = false, isOutputTerminal: Bool = false, terminalWidth: Int? = nil
    ) {
        self.input = input
        self.isInputTerminal = isInputTerminal
        self.isOutputTerminal = isOutputTerminal
        self.terminalWidth = terminalWidth
    }

    func write(_ text: String) {
        output += text
    }

    func writeError(_ text: String) {
        errors += text
    }

    func readLine(prompt: String, hidingInput: Bool) -> String? {
        output += prompt
        if hidingInput {
            hiddenReads += 1
        }
        return input.isEmpty ? nil : input.removeFirst()
    }

    /// The output split into lines.
    var lines: [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
