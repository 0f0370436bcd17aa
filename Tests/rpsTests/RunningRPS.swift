// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import TestHelpers

    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #endif

    /// The built `rps` running as a child process whose standard input is a pipe the test writes to
    /// line by line, as a slow producer would: for checking what `rps` does with each line as it
    /// arrives, and what survives `kill -9`.
    final class RunningRPS: @unchecked Sendable {
        private let process = Process()
        private let input = Pipe()
        private let outputFile: URL
        private let errorFile: URL

        /// Starts `rps`.
        ///
        /// - Parameters:
        ///   - arguments: The arguments.
        ///   - sandbox: The test's temporary directory; holds the captured output.
        /// - Throws: If the binary cannot be launched.
        init(_ arguments: [String], in sandbox: TemporaryDirectory) throws {
            let id = UUID().uuidString
            outputFile = sandbox.file("\(id).out")
            errorFile = sandbox.file("\(id).err")
            for file in [outputFile, errorFile] {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            process.executableURL = RPSBinary.url
            process.arguments = arguments
            process.environment = RPSBinary.environment(in: sandbox)
            process.currentDirectoryURL = sandbox.url
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: outputFile)
            process.standardError = try FileHandle(forWritingTo: errorFile)
            try process.run()
        }

        /// Writes a line to `rps`'s standard input.
        ///
        /// - Parameter line: The line, without its line break.
        /// - Throws: If the pipe is closed.
        func send(_ line: String) throws {
            let bytes = Data((line + "\n").utf8)
            if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
                try input.fileHandleForWriting.write(contentsOf: bytes)
            } else {
                input.fileHandleForWriting.write(bytes)  // raises instead of throwing on a closed pipe
            }
        }

        /// Ends `rps`'s standard input.
        ///
        /// - Throws: If the pipe cannot be closed.
        func closeInput() throws {
            try input.fileHandleForWriting.close()
        }

        /// What `rps` wrote to standard output so far.
        var output: String {
            (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        }

        /// Polls standard output until it contains the text.
        ///
        /// - Parameters:
        ///   - text: The text to wait for.
        ///   - timeoutSeconds: How long to wait at most.
        /// - Returns: The output that contained the text.
        /// - Throws: ``TmuxSession/TimedOut`` with the output so far if the text did not appear.
        @discardableResult
        func waitForOutput(_ text: String, timeoutSeconds: Double = 20) async throws -> String {
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeoutSeconds * 1e9)
            var last = ""
            while DispatchTime.now().uptimeNanoseconds < deadline {
                last = output
                if last.contains(text) {
                    return last
                }
                try await Task.sleep(nanoseconds: 20_000_000)
            }
            throw TmuxSession.TimedOut(text: text, screen: last)
        }

        /// Kills `rps` with SIGKILL, as `kill -9` does, and waits for it to end.
        func kill9() async {
            _ = kill(process.processIdentifier, SIGKILL)
            await waitForExit()
        }

        /// Waits for `rps` to exit, without holding a thread of the cooperative pool.
        ///
        /// - Returns: The exit status and everything it wrote.
        @discardableResult
        func waitForExit() async -> RPSRun {
            let process = self.process
            await onOwnThread { process.waitUntilExit() }
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            return RPSRun(status: process.terminationStatus, output: output, errors: errors)
        }

        deinit {
            if process.isRunning {
                _ = kill(process.processIdentifier, SIGKILL)
            }
        }
    }
#endif
