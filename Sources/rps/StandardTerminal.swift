import Dispatch
import Foundation
import RockPaperScissorsCLI

/// The process's real standard streams. Output is unbuffered, so a prompt shows at once; hidden
/// input turns echo off for one line and then blanks the prompt (``TerminalSignals``).
///
/// - Note: `@unchecked Sendable`: the program uses it from one task at a time, and each read is
///   handed to the reading thread and waited for, so no two threads touch the input at once.
final class StandardTerminal: Console, @unchecked Sendable {
    let isInputTerminal = isatty(STDIN_FILENO) == 1
    let isOutputTerminal = isatty(STDOUT_FILENO) == 1
    /// Whether the terminal understands cursor movement (`TERM` is not `dumb`).
    private let isCapableTerminal: Bool
    private let input = StandardInput()
    private let reader = ReadingThread()

    init(environment: [String: String]) {
        isCapableTerminal = environment["TERM"] != "dumb"
    }

    /// Asked each time: the terminal may have been resized.
    var terminalWidth: Int? {
        guard isOutputTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

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
        reader.read { [self] in
            TerminalSignals.reading {
                let ask = { [self] in
                    write(prompt)
                    return input.readLine()
                }
                guard hidingInput, isInputTerminal else { return ask() }
                let line = TerminalSignals.withEchoOff(ask)
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

/// Reads standard input a line at a time, each as soon as it arrives.
///
/// Not `Swift.readLine()`: on Linux it retries `getline` while `errno` is `EINTR`, which after
/// Ctrl-C stays so at the end of the input: it would retry for ever.
final class StandardInput {
    /// Bytes read past the last line returned.
    private var pending: [UInt8] = []
    private var isAtEnd = false

    /// The next line, without its `\n` or `\r\n`; `nil` at the end of the input.
    func readLine() -> String? {
        var searched = 0
        while true {
            if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = newline > 0 && pending[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                defer { pending.removeSubrange(...newline) }
                return String(decoding: pending[..<end], as: UTF8.self)
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

    /// Reads what is available; `false` at the end of the input, after an error or Ctrl-C.
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

/// The thread every read of the terminal is made on, and which installs the Ctrl-C handler: a
/// signal caught on another thread of the pool is passed on to it and interrupts its read.
///
/// - Note: `@unchecked Sendable`: `job` and `line` are written by one side before it signals a
///   semaphore and read by the other after waiting on it.
final class ReadingThread: @unchecked Sendable {
    private let requested = DispatchSemaphore(value: 0)
    private let answered = DispatchSemaphore(value: 0)
    private var job: (() -> String?)?
    private var line: String?

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

    /// Runs a read on the thread and returns its line; from one thread at a time.
    func read(_ body: @escaping () -> String?) -> String? {
        job = body
        requested.signal()
        answered.wait()
        return line
    }
}
