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
/// then blanks the prompt line, so nothing of the typed weapon stays on screen.
final class StandardTerminal: Console {
    let isInputTerminal = isatty(STDIN_FILENO) == 1
    let isOutputTerminal = isatty(STDOUT_FILENO) == 1

    func write(_ text: String) {
        writeAll(text, to: STDOUT_FILENO)
    }

    func writeError(_ text: String) {
        writeAll(text, to: STDERR_FILENO)
    }

    func readLine(prompt: String, hidingInput: Bool) -> String? {
        guard hidingInput, isInputTerminal else {
            write(prompt)
            return Swift.readLine()
        }
        let line = TerminalEcho.withEchoOff {
            write(prompt)
            return Swift.readLine()
        }
        // The Return key was not echoed either: end the prompt line, blanked if we may.
        write(isOutputTerminal ? "\r\u{1B}[2K" : "\n")
        return line
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
