// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import TestHelpers

    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #endif

    /// A detached tmux session on its own server socket, for driving `rps` through a real
    /// terminal: type keys, read the screen, wait for text with a deadline.
    final class TmuxSession {
        /// Whether tmux is installed.
        static var isAvailable: Bool {
            guard let scratch = try? TemporaryDirectory() else { return false }
            return (try? tmux(["-V"], socket: nil, scratch: scratch)) != nil
        }

        private let socket = "rps-test-\(UUID().uuidString)"
        private let target = "rps"
        private let scratch: TemporaryDirectory

        /// Starts a session 40 lines high running a shell command.
        ///
        /// - Parameters:
        ///   - command: The command; when it exits, the pane stays open until `kill()`.
        ///   - width: The terminal's width in columns.
        /// - Throws: If tmux cannot start the session.
        init(running command: String, width: Int = 120) throws {
            scratch = try TemporaryDirectory()
            let held = "\(command); printf '[rps exited %s]\\n' $?; read _"
            try tmux(
                ["-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", "40", "-s", target, held],
                closingFiles: true)
        }

        /// Presses a key by its tmux name, such as `C-c` for Ctrl-C.
        ///
        /// - Parameter key: The key.
        /// - Throws: If tmux fails.
        func press(_ key: String) throws {
            try tmux(["send-keys", "-t", target, key])
        }

        /// Types text literally, then presses Return unless told not to.
        ///
        /// - Parameters:
        ///   - text: The characters to type.
        ///   - pressingReturn: Whether to press Return afterwards.
        /// - Throws: If tmux fails.
        func type(_ text: String, pressingReturn: Bool = true) throws {
            try tmux(["send-keys", "-t", target, "-l", text])
            if pressingReturn {
                try tmux(["send-keys", "-t", target, "Enter"])
            }
        }

        /// The visible screen as text, without colours.
        ///
        /// - Parameters:
        ///   - joiningWrappedLines: Whether a line the terminal wrapped comes back as one line, as it
        ///     was written, rather than as the rows it fills.
        ///   - withEscapes: Whether to include the escape sequences for colours and attributes.
        /// - Returns: The pane's lines.
        /// - Throws: If tmux fails.
        func screen(joiningWrappedLines: Bool = false, withEscapes: Bool = false) throws -> String {
            try tmux(
                ["capture-pane", "-p", "-t", target] + (joiningWrappedLines ? ["-J"] : []) + (withEscapes ? ["-e"] : [])
            )
        }

        /// Polls the screen until it contains the text.
        ///
        /// - Parameters:
        ///   - text: The text to wait for.
        ///   - timeoutSeconds: How long to wait at most.
        /// - Returns: The screen that contained the text.
        /// - Throws: ``TimedOut`` with the last screen if the text did not appear in time.
        @discardableResult
        func waitFor(_ text: String, timeoutSeconds: Double = 20) async throws -> String {
            // Dispatch's clock and `Task.sleep(nanoseconds:)`, not `ContinuousClock`: the package
            // builds for macOS 10.15.
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutSeconds * 1e9)
            var last = ""
            let (socket, target, scratch) = (socket, target, scratch)
            while DispatchTime.now().uptimeNanoseconds < deadline {
                // On a thread of its own: the tmux client's run and `waitUntilExit()` would otherwise
                // hold one of the cooperative pool's few threads (two on a two-core machine) for every
                // poll, and parallel tests then starve other suites' tasks.
                last = try await onOwnThread {
                    try Self.tmux(["capture-pane", "-p", "-t", target], socket: socket, scratch: scratch)
                }
                if last.contains(text) {
                    return last
                }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            throw TimedOut(text: text, screen: last)
        }

        /// Stops the session: kills the pane's processes, then the tmux server (only this test's: it
        /// has its own socket).
        ///
        /// The pane's processes get SIGKILL because tmux's SIGHUP may not reach them: they inherit
        /// the signal mask of the test thread that launched tmux, which can block SIGHUP.
        func kill() {
            guard let info = try? tmux(["display-message", "-p", "-t", target, "#{pane_pid} #{socket_path}"]) else {
                return
            }
            let fields = info.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1)
            if let pid = fields.first.flatMap({ Int32($0) }), pid > 0 {
                _ = Foundation.kill(-pid, SIGKILL)
            }
            _ = try? tmux(["kill-server"])
            if fields.count == 2 {
                try? FileManager.default.removeItem(atPath: String(fields[1]))
            }
        }

        deinit {
            kill()
        }

        /// The text did not appear on the screen in time.
        struct TimedOut: Error, CustomStringConvertible {
            /// The awaited text.
            var text: String
            /// The screen at the deadline.
            var screen: String

            var description: String { "timed out waiting for \"\(text)\"; the screen was:\n\(screen)" }
        }

        @discardableResult
        private func tmux(_ arguments: [String], closingFiles: Bool = false) throws -> String {
            try Self.tmux(arguments, socket: socket, scratch: scratch, closingFiles: closingFiles)
        }

        /// Runs a tmux client and returns its output.
        ///
        /// The server that `new-session` starts keeps every file descriptor it inherits. Among the
        /// test process's descriptors are the sockets Foundation's `Process` uses to notice that a
        /// child exited; a server holding one would make `waitUntilExit()` wait for the server. So
        /// the client that starts the server is launched through a shell that first closes every
        /// descriptor above standard error. For the same reason output goes through a file, not a
        /// pipe.
        @discardableResult
        private static func tmux(
            _ arguments: [String], socket: String?, scratch: TemporaryDirectory, closingFiles: Bool = false
        ) throws -> String {
            let output = scratch.file("tmux-\(UUID().uuidString).out")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            defer { try? FileManager.default.removeItem(at: output) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            let client = ["tmux"] + (socket.map { ["-L", $0] } ?? []) + arguments
            let closeAndRun = """
                for fd in /dev/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done 2>/dev/null; exec "$@"
                """
            process.arguments = closingFiles ? ["bash", "-c", closeAndRun, "tmux-launcher"] + client : client
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "tmux \(arguments) failed"])
            }
            return try String(contentsOf: output, encoding: .utf8)
        }
    }
#endif
