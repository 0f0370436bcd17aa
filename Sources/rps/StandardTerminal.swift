import RockPaperScissorsCLI

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's real standard input, output and error.
///
/// Output is written straight to the file descriptors, unbuffered, so a prompt without a line
/// break shows at once. Hidden input turns the terminal's echo off for one line (termios) and
/// then blanks the prompt's lines, so nothing of the typed weapon stays on screen. Ctrl-C while
/// a line is read ends the input (see ``TerminalSignals``).
///
/// - Note: `@unchecked Sendable`: the program uses it from one task at a time, and each read is
///   handed to the reading thread and waited for, so no two threads touch the input at once.
final class StandardTerminal: Console, @unchecked Sendable {
    let isInputTerminal = isatty(STDIN_FILENO) == 1
    let isOutputTerminal = isatty(STDOUT_FILENO) == 1
    /// Whether the terminal understands cursor movement (`TERM` is not `dumb`).
    private let isCapableTerminal: Bool
    private let input = StandardInput()
    /// Where the reads are made, and the signal handlers installed.
    private let reader = ReadingThread()

    /// Connects to the process's standard streams and installs the signal handlers.
    ///
    /// - Parameter environment: The process environment; `TERM` is read.
    init(environment: [String: String]) {
        isCapableTerminal = environment["TERM"] != "dumb"
    }

    /// The terminal's width, asked of the terminal each time (it may have been resized).
    var terminalWidth: Int? {
        guard isOutputTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether Ctrl-C ended the input.
    var wasInterrupted: Bool {
        TerminalSignals.wasInterrupted
    }

    func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    func writeError(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    func readLine(prompt: String, hidingInput: Bool) -> String? {
        reader.read { [self] in readLineHere(prompt: prompt, hidingInput: hidingInput) }
    }

    /// Reads a line on the calling thread: the reading thread.
    private func readLineHere(prompt: String, hidingInput: Bool) -> String? {
        TerminalSignals.reading {
            guard hidingInput, isInputTerminal else {
                write(prompt)
                return input.readLine()
            }
            let line = TerminalSignals.withEchoOff {
                write(prompt)
                return input.readLine()
            }
            // The Return key was not echoed either: end the prompt, blanking its lines if we may.
            if isOutputTerminal, isCapableTerminal {
                let lines = prompt.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
                write("\r\u{1B}[2K" + String(repeating: "\u{1B}[1A\u{1B}[2K", count: lines))
            } else {
                write("\n")
            }
            return line
        }
    }
}

/// Writes every byte of a string to a file descriptor, retrying after interruptions.
private func writeAll(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written > 0 {
            offset += written
        } else if written < 0, errno == EINTR {
            continue
        } else {
            return
        }
    }
}
