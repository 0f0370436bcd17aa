// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import TestHelpers
    import Testing

    /// What a run of the `rps` binary produced.
    struct RPSRun: Sendable {
        /// The exit status.
        var status: Int32
        /// Standard output.
        var output: String
        /// Standard error.
        var errors: String
    }

    /// The built `rps` executable, launched as a child process with a controlled environment.
    ///
    /// The test target depends on `rps`, so SwiftPM builds it into the products directory, which is
    /// the directory holding the test bundle (swift-argument-parser finds its example programs the
    /// same way).
    enum RPSBinary {
        /// The `rps` executable.
        static var url: URL {
            BuildProducts.directory.appendingPathComponent("rps")
        }

        /// The environment for a child: nothing of the real user's, so the real data directory is
        /// never touched. `HOME` and `XDG_DATA_HOME` point into `sandbox`.
        ///
        /// - Parameters:
        ///   - sandbox: The test's temporary directory.
        ///   - extra: More variables.
        /// - Returns: The environment.
        static func environment(in sandbox: TemporaryDirectory, _ extra: [String: String] = [:]) -> [String: String] {
            var base = [
                "HOME": sandbox.file("home").path, "XDG_DATA_HOME": sandbox.file("data").path,
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
            ]
            // A sanitized test run passes its sanitizer's options on to the sanitized `rps`.
            for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
                base[name] = ProcessInfo.processInfo.environment[name]
            }
            return base.merging(extra) { _, new in new }
        }

        /// Runs `rps` to completion, waiting on a thread of its own.
        ///
        /// Output goes to files, not pipes, so a large output cannot block the child. The wait does not
        /// hold a thread of the cooperative pool (two on CI), which the tests running beside this one
        /// need: a `TestStore` waiting for an async reducer's task, say.
        ///
        /// - Parameters:
        ///   - arguments: The arguments.
        ///   - sandbox: The test's temporary directory; holds the captured output.
        ///   - environment: Extra environment variables.
        ///   - input: Standard input; empty input by default.
        /// - Returns: The exit status and the output.
        /// - Throws: If the binary is missing or cannot be launched.
        ///   - unprivileged: Whether to run it as ``UnprivilegedUser``.
        ///   - fileSizeLimit: The most 512-byte blocks a file `rps` writes may hold (`ulimit -f`),
        ///     `SIGXFSZ` ignored: a write past it is cut short and the next fails, as on a full disk.
        static func run(
            _ arguments: [String], in sandbox: TemporaryDirectory, environment: [String: String] = [:],
            input: String = "",
            unprivileged: Bool = false, fileSizeLimit: Int? = nil
        ) async throws -> RPSRun {
            try #require(FileManager.default.isExecutableFile(atPath: url.path), "rps was not built at \(url.path)")
            return try await onOwnThread {
                try runWaiting(
                    arguments, in: sandbox, environment: environment, input: input, unprivileged: unprivileged,
                    fileSizeLimit: fileSizeLimit)
            }
        }

        /// Runs `rps` to completion, blocking the calling thread: for a test that must launch it
        /// from inside a synchronous closure (one that holds the state file's lock, say). Elsewhere
        /// use ``run(_:in:environment:input:)``.
        ///
        /// - Parameters:
        ///   - arguments: The arguments.
        ///   - sandbox: The test's temporary directory; holds the captured output.
        ///   - environment: Extra environment variables.
        ///   - input: Standard input; empty input by default.
        ///   - unprivileged: Whether to run it as ``UnprivilegedUser``.
        ///   - fileSizeLimit: The most 512-byte blocks a file `rps` writes may hold (`ulimit -f`),
        ///     `SIGXFSZ` ignored: a write past it is cut short and the next fails, as on a full disk.
        /// - Returns: The exit status and the output.
        /// - Throws: If the binary cannot be launched.
        static func runWaiting(
            _ arguments: [String], in sandbox: TemporaryDirectory, environment: [String: String] = [:],
            input: String = "",
            unprivileged: Bool = false, fileSizeLimit: Int? = nil
        ) throws -> RPSRun {
            let id = UUID().uuidString
            let files = ["in", "out", "err"].map { sandbox.file("\(id).\($0)") }
            try Data(input.utf8).write(to: files[0])
            for file in files.dropFirst() {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            }
            let process = Process()
            var launcher = unprivileged ? (UnprivilegedUser.launcher ?? []) : []
            if let fileSizeLimit {
                // An ignored signal stays ignored across `exec`.
                launcher = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f \(fileSizeLimit); exec \"$0\" \"$@\""] + launcher
            }
            process.executableURL = URL(fileURLWithPath: launcher.first ?? url.path)
            process.arguments = launcher.isEmpty ? arguments : Array(launcher.dropFirst()) + [url.path] + arguments
            process.environment = Self.environment(in: sandbox, environment)
            process.currentDirectoryURL = sandbox.url
            process.standardInput = try FileHandle(forReadingFrom: files[0])
            process.standardOutput = try FileHandle(forWritingTo: files[1])
            process.standardError = try FileHandle(forWritingTo: files[2])
            try process.run()
            process.waitUntilExit()
            let read = { (file: URL) in (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
            return RPSRun(status: process.terminationStatus, output: read(files[1]), errors: read(files[2]))
        }
    }
#endif
