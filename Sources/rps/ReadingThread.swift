import Dispatch
import Foundation

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
