#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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

    /// The next line, without its line break (`\n` or `\r\n`); the last line of the input need
    /// not end in one.
    ///
    /// - Returns: The line, or `nil` at the end of the input.
    /// - Complexity: O(*n*) for a line of *n* bytes.
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
