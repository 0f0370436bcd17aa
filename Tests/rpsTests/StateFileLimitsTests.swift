// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import TestHelpers
    import Testing

    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #endif

    /// The built `rps` and a state file holding what no `rps` writes: refused with exit code 1 and
    /// a message naming the file, never a crash, and left as it was (issue 43, item 6).
    @Suite struct StateFileLimitsTests {
        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        /// Runs each command that opens the state file, and checks that it was refused saying `message`.
        private func expectRefused(saying message: String) async throws {
            for arguments in [
                ["play", "--moves", "r", "--seed", "1"], ["settings", "set", "best-of", "5"], ["reset", "--yes"],
            ] {
                let run = try await RPSBinary.run(arguments + ["--state-file", statePath], in: sandbox)
                #expect(run.status == 1, "\(arguments[0])")
                #expect(run.errors.contains("the state file \(statePath) is corrupt: \(message)"), "\(run.errors)")
                #expect(run.errors.contains("Move it away or delete it to start fresh"))
            }
            let left = sandbox.contents.filter { $0.hasPrefix(".") || $0.hasSuffix(".tmp") }
            #expect(left.isEmpty, "no journal, lock or temporary file")
        }

        @Test("a state file whose journalGeneration the next save would overflow is refused, not a crash")
        func journalGenerationAtTheLimit() async throws {
            let contents = Data(#"{"persistence": 1, "journalGeneration": 9223372036854775807, "parts": {}}"#.utf8)
            try contents.write(to: URL(fileURLWithPath: statePath))

            try await expectRefused(saying: "journalGeneration 9223372036854775807 is too large")
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == contents)
        }

        @Test("a state file larger than any rps writes is refused without being read, naming its size")
        func tooLarge() async throws {
            let descriptor = open(statePath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            try #require(descriptor >= 0)
            // Sparse: it takes no room on the disk.
            #expect(ftruncate(descriptor, off_t(300 << 20)) == 0)
            close(descriptor)

            try await expectRefused(saying: "it is 314572800 bytes (300 MiB) long")
            var status = stat()
            #expect(stat(statePath, &status) == 0 && status.st_size == off_t(300 << 20))
        }
    }
#endif
