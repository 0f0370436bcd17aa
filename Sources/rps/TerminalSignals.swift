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
/// - Ctrl-C (SIGINT) while the program waits for a line ends the input: the read in progress
///   is interrupted, and standard input is replaced by `/dev/null`, so a read about to start
///   ends too, as at the end of the input. The game then finishes as it does when the input ends (a line break,
///   the note that the match is unfinished) and `rps` exits with status 130. Ctrl-C at any
///   other moment, and SIGTERM at any moment, end the program at once, as they would by default.
/// - The terminal's echo, off while a pass-and-play player types, is restored first in every case.
///
/// The handler touches only memory reached through `let` pointers, allocated before it is
/// installed: no Swift global it reads needs lazy initialisation or an exclusivity check, and
/// no `termios` lives in a global. (Swift 6.3 lays a zero-initialised global `termios` out in 57
/// bytes, without the 3 padding bytes before `c_ispeed`, while copies into it write all 60 —
/// swiftlang/swift#91387, fixed by swiftlang/swift#91533 — which is the global-buffer-overflow
/// AddressSanitizer reported in the saved-attributes global this type replaces.)
enum TerminalSignals {
    /// The flags the handler and the program share.
    private struct Flags {
        /// 1 while a line is being read.
        var isReading: Int32 = 0
        /// 1 once Ctrl-C ended the input.
        var wasInterrupted: Int32 = 0
        /// 1 while the terminal's echo is off.
        var isEchoOff: Int32 = 0
        /// `/dev/null`, opened in advance: the handler may not call `open`.
        var nullDescriptor: Int32 = -1
        /// The thread that reads, to which a signal caught on another thread is passed on, so
        /// that its read is the one interrupted.
        var readingThread: pthread_t?
    }

    // `nonisolated(unsafe)`: the pointers never change; what they point to is written by the reading
    // thread and by the handler, which interrupts it, never by two threads.
    nonisolated(unsafe) private static let flags: UnsafeMutablePointer<Flags> = {
        let flags = UnsafeMutablePointer<Flags>.allocate(capacity: 1)
        flags.initialize(to: Flags())
        return flags
    }()

    /// The terminal settings to restore, valid while ``Flags/isEchoOff`` is 1.
    nonisolated(unsafe) private static let savedAttributes: UnsafeMutablePointer<termios> = {
        let attributes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        attributes.initialize(to: termios())
        return attributes
    }()

    /// Installs the handlers for SIGINT and SIGTERM, and unblocks both in case the process
    /// inherited them blocked. Call once, from the thread that reads (``ReadingThread``), before
    /// reading.
    static func install() {
        flags.pointee.nullDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
        flags.pointee.readingThread = pthread_self()
        _ = savedAttributes
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handle
        #else
            action.__sigaction_handler.sa_handler = handle
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: an interrupted read returns
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM] {
            _ = sigaction(signal, &action, nil)
            sigaddset(&signals, signal)
        }
        _ = pthread_sigmask(SIG_UNBLOCK, &signals, nil)
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
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = SIG_DFL
        #else
            action.__sigaction_handler.sa_handler = SIG_DFL
        #endif
        _ = sigaction(signal, &action, nil)
        _ = raise(signal)
    }
}
