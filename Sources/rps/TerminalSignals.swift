#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What `rps` does on Ctrl-C and `kill`: ends a game the way `q` does while it waits for input,
/// and always leaves the terminal as it found it.
///
/// Ctrl-C while a line is read interrupts the read and puts `/dev/null` on standard input, so the
/// game ends as at the end of the input (exit status 130). Ctrl-C at any other moment, and
/// SIGTERM, end the program at once, as by default; the terminal's echo is restored first.
///
/// The handler touches only memory behind `let` pointers allocated before it is installed: no
/// global needing lazy initialisation or an exclusivity check, and no global `termios` (Swift 6.3
/// lays one out 3 bytes short, swiftlang/swift#91387).
enum TerminalSignals {
    /// The flags the handler and the program share; 1 is true.
    private struct Flags {
        var isReading: Int32 = 0
        var wasInterrupted: Int32 = 0
        var isEchoOff: Int32 = 0
        /// `/dev/null`, opened in advance: the handler may not call `open`.
        var nullDescriptor: Int32 = -1
        /// The thread that reads: a signal caught elsewhere is passed on to it, to interrupt its read.
        var readingThread: pthread_t?
    }

    // `nonisolated(unsafe)`: the pointers never change; what they point to is written by the reading
    // thread and by the handler, which interrupts it, never by two threads.
    nonisolated(unsafe) private static let flags = allocated(Flags())
    /// The terminal settings to restore, valid while ``Flags/isEchoOff`` is 1.
    nonisolated(unsafe) private static let savedAttributes = allocated(termios())

    /// Memory for a value that lives as long as the process.
    private static func allocated<Value>(_ value: Value) -> UnsafeMutablePointer<Value> {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }

    /// Installs the handlers for SIGINT and SIGTERM, and unblocks both in case the process
    /// inherited them blocked. Call once, from the thread that reads (``ReadingThread``), before
    /// reading.
    static func install() {
        flags.pointee.nullDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        flags.pointee.readingThread = pthread_self()
        _ = savedAttributes
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM] {
            setHandler(handle, for: signal)
            sigaddset(&signals, signal)
        }
        _ = pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Installs a handler, with no `SA_RESTART`: an interrupted read returns. Async-signal-safe.
    private static func setHandler(_ handler: (@convention(c) (Int32) -> Void)?, for signal: Int32) {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, &action, nil)
    }

    /// Whether Ctrl-C ended the input.
    static var wasInterrupted: Bool {
        flags.pointee.wasInterrupted != 0
    }

    /// Runs a read (only if Ctrl-C has not already ended the input) during which Ctrl-C ends
    /// the input rather than the program.
    static func reading(_ read: () -> String?) -> String? {
        flags.pointee.isReading = 1
        defer { flags.pointee.isReading = 0 }
        guard flags.pointee.wasInterrupted == 0 else { return nil }
        return read()
    }

    /// Runs `body` with the terminal's echo off on standard input, and restores it afterwards,
    /// also when a signal interrupts the program meanwhile.
    static func withEchoOff<Result>(_ body: () -> Result) -> Result {
        guard tcgetattr(STDIN_FILENO, savedAttributes) == 0 else { return body() }
        var silent = savedAttributes.pointee
        silent.c_lflag &= ~tcflag_t(ECHO)
        flags.pointee.isEchoOff = 1
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, savedAttributes)
            flags.pointee.isEchoOff = 0
        }
        return body()
    }

    /// The handler: async-signal-safe calls only.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let flags = TerminalSignals.flags
        if let reader = flags.pointee.readingThread, pthread_equal(reader, pthread_self()) == 0 {
            _ = pthread_kill(reader, signal)
            return
        }
        if flags.pointee.isEchoOff != 0 {
            _ = tcsetattr(STDIN_FILENO, TCSANOW, TerminalSignals.savedAttributes)
        }
        if signal == SIGINT, flags.pointee.isReading != 0, flags.pointee.nullDescriptor >= 0 {
            flags.pointee.wasInterrupted = 1
            _ = dup2(flags.pointee.nullDescriptor, STDIN_FILENO)
            return
        }
        setHandler(SIG_DFL, for: signal)
        _ = raise(signal)
    }
}
