#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The terminal settings to restore if the program is interrupted while echo is off.
///
/// Only written by `TerminalEcho.withEchoOff` on the main thread, before the signal handlers
/// that read it are installed and after they are removed.
nonisolated(unsafe) private var attributesToRestore = termios()

/// Turns the terminal's echo off around a read, for input others must not see.
enum TerminalEcho {
    /// Runs `body` with echo off on standard input, and restores the terminal afterwards, also
    /// when the program is interrupted (Ctrl-C) or terminated meanwhile.
    ///
    /// - Parameter body: Reads the hidden input.
    /// - Returns: What `body` returns.
    static func withEchoOff<Result>(_ body: () -> Result) -> Result {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return body() }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        attributesToRestore = original
        let restoreAndExit: @convention(c) (Int32) -> Void = { signal in
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &attributesToRestore)
            _exit(128 + signal)
        }
        let previousInterrupt = signal(SIGINT, restoreAndExit)
        let previousTerminate = signal(SIGTERM, restoreAndExit)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &original)
            signal(SIGINT, previousInterrupt)
            signal(SIGTERM, previousTerminate)
        }
        return body()
    }
}
