import Dispatch
import Foundation
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

    /// Connects to the process's standard streams and installs the signal handlers; `TERM` is
    /// read from the environment.
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

/// Reads standard input a line at a time, straight from the file descriptor, returning each line
/// as soon as it arrives.
///
/// Not `Swift.readLine()`: on Linux it retries `getline` while `errno` is `EINTR`, and after a
/// read interrupted by Ctrl-C `errno` stays `EINTR` at the end of the input, so it would retry
/// for ever. Here an interrupted read ends the input when ``TerminalSignals`` says Ctrl-C ended
/// it, and is retried otherwise.
final class StandardInput {
    /// Bytes read past the last line returned.
    private var pending: [UInt8] = []
    private var isAtEnd = false

    /// The next line, without its line break (`\n` or `\r\n`; the last line of the input need
    /// not end in one), or `nil` at the end of the input.
    func readLine() -> String? {
        var searched = 0
        while true {
            if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") {
                    line.removeLast()
                }
                return String(decoding: line, as: UTF8.self)
            }
            searched = pending.count
            guard !isAtEnd, readMore() else {
                isAtEnd = true
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return String(decoding: pending, as: UTF8.self)
            }
        }
    }

    /// Reads what is available; `false` at the end of the input, after an error, or once Ctrl-C
    /// ended the input.
    private func readMore() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
                return true
            }
            if count < 0, errno == EINTR, !TerminalSignals.wasInterrupted {
                continue
            }
            return false
        }
    }
}

/// The thread every read of the terminal is made on: it installs the Ctrl-C handler
/// (``TerminalSignals``), so that a signal caught elsewhere is passed on to it and interrupts its
/// read, whichever thread of the concurrency pool the game's loop runs on.
///
/// The loop hands it one read at a time and waits for the line; the thread that asked is blocked
/// meanwhile, as it would be reading itself.
///
/// - Note: `@unchecked Sendable`: `job` and `line` are written by one side before it signals a
///   semaphore and read by the other after waiting on it.
final class ReadingThread: @unchecked Sendable {
    private let requested = DispatchSemaphore(value: 0)
    private let answered = DispatchSemaphore(value: 0)
    private var job: (() -> String?)?
    private var line: String?

    /// Starts the thread, which installs the signal handlers before this returns.
    init() {
        let installed = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            TerminalSignals.install()
            installed.signal()
            while true {
                requested.wait()
                line = job?()
                job = nil
                answered.signal()
            }
        }
        thread.name = "rps terminal reader"
        thread.start()
        installed.wait()
    }

    /// Runs a read on the thread and returns its line. Call from one thread at a time.
    func read(_ body: @escaping () -> String?) -> String? {
        job = body
        requested.signal()
        answered.wait()
        return line
    }
}
