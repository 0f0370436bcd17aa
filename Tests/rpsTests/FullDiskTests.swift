// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import ReduxPersistence
    import RockPaperScissors
    import TestHelpers
    import Testing

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Whether this process (and so the `rps` built with it) has Thread Sanitizer's runtime.
    private var underThreadSanitizer: Bool {
        #if canImport(Darwin)
            let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        return dlsym(everywhere, "__tsan_init") != nil
    }

    /// The built `rps` when its journal cannot be appended to: a file-size limit (`ulimit -f`) cuts
    /// a write short and fails the next, as a full disk does, in the child process only.
    ///
    /// Not under Thread Sanitizer: its runtime in the sanitized `rps` maps files larger than the
    /// limit and dies of `SIGBUS` before `rps` starts.
    @Suite(
        timeLimit(minutes: 2),
        .disabled(if: underThreadSanitizer, "under Thread Sanitizer"))
    struct FullDiskTests {

        private let sandbox: TemporaryDirectory
        private let statePath: String

        init() throws {
            sandbox = try TemporaryDirectory()
            statePath = sandbox.file("state.json").path
        }

        private func rps(_ arguments: [String], fileSizeLimit: Int? = nil) async throws -> RPSRun {
            try await RPSBinary.run(arguments + ["--state-file", statePath], in: sandbox, fileSizeLimit: fileSizeLimit)
        }

        private func saved() throws -> ScoreHistory {
            try StateFile(url: URL(fileURLWithPath: statePath)).loadAppState().scoreHistory
        }

        private func moves(_ count: Int) -> String {
            (0..<count).map { ["rock", "paper", "scissors"][$0 % 3] }.joined(separator: ",")
        }

        @Test(
            "a full disk stops the game with exit code 1, saying the round not appended is lost; the rounds shown are kept"
        )
        func fullDiskStopsTheGame() async throws {
            #expect(try await rps(["play", "--moves", moves(30), "--seed", "3"]).status == 0)
            let before = try saved()
            let snapshot = try Data(contentsOf: URL(fileURLWithPath: statePath))
            #expect(snapshot.count > 2 * 512, "the snapshot does not fit under the limit: saving it fails too")

            // Two blocks: room for a few rounds' journal lines, and for the output and the message.
            let full = try await rps(["play", "--moves", moves(20), "--seed", "4"], fileSizeLimit: 2)

            #expect(full.status == 1)
            #expect(
                full.errors.hasPrefix(
                    "rps: error: cannot append to the journal of the state file \(statePath): Cannot write to the journal "
                )
            )
            #expect(full.errors.contains("File too large"))
            #expect(full.errors.contains("the last change was kept in memory but could not be saved"))
            #expect(
                full.errors.contains(
                    "so it is lost. Every change confirmed before it is saved, and the file is not damaged"))
            #expect(full.errors.hasSuffix("Free some disk space, then make that change again.\n"))
            let printed = full.output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Round ") }
            #expect(printed.count >= 1 && printed.count < 20, "stopped in the middle of the game")

            let after = try saved()
            #expect(after.rounds.count == before.rounds.count + printed.count, "exactly the rounds shown were saved")
            #expect(Array(after.rounds.prefix(before.rounds.count)) == before.rounds)
            for (line, round) in zip(printed, after.rounds.suffix(printed.count)) {
                #expect(line.hasPrefix("Round \(round.number): Player 1 chose \(round.player1.displayName), "))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == snapshot, "the snapshot was not touched")

            let next = try await rps(["play", "--moves", "rock", "--seed", "5"])
            #expect(next.status == 0)
            #expect(try saved().rounds.count == after.rounds.count + 1)
        }
    }
#endif
