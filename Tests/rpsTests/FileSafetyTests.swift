// Starts processes: macOS and Linux only (iOS, tvOS and watchOS have no Process).
#if os(macOS) || os(Linux)
    import Foundation
    import ReduxPersistence
    import RockPaperScissors
    import TestHelpers
    import Testing

    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #endif

    /// The built `rps` and the files a user owns: nothing changes behind their back, and a command
    /// that changes nothing leaves nothing behind (issue 12, file safety).
    @Suite struct FileSafetyTests {
        private let sandbox: TemporaryDirectory

        init() throws {
            sandbox = try TemporaryDirectory()
        }

        private func rps(_ arguments: [String], unprivileged: Bool = false) async throws -> RPSRun {
            try await RPSBinary.run(arguments, in: sandbox, unprivileged: unprivileged)
        }

        private func mode(_ path: String) throws -> mode_t {
            var status = stat()
            try #require(stat(path, &status) == 0)
            return status.st_mode & 0o777
        }

        /// The names in a directory that a command may have left: lock files, temporary files.
        private func leftovers(in directory: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasSuffix(".lock") || $0.hasSuffix(".tmp") }
        }

        @Test("a game saved through a symbolic link updates the file it leads to and keeps the link")
        func symbolicLink() async throws {
            try FileManager.default.createDirectory(at: sandbox.file("real"), withIntermediateDirectories: true)
            let link = sandbox.file("link.json").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/state.json")

            let first = try await rps(["play", "--moves", "r", "--seed", "1", "--state-file", link])
            let second = try await rps(["play", "--moves", "p", "--seed", "1", "--state-file", link])

            #expect(first.status == 0 && second.status == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/state.json")
            let rounds = try StateFile(url: sandbox.file("real/state.json")).loadAppState().scoreHistory.rounds
            #expect(rounds.map(\.player1) == [.rock, .paper])
            #expect(leftovers(in: sandbox.url).isEmpty && leftovers(in: sandbox.file("real")).isEmpty)
        }

        @Test(
            "a symbolic link into a directory that does not exist is refused with exit code 1, and nothing is created")
        func danglingLink() async throws {
            let link = sandbox.file("link.json").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "missing/state.json")

            let run = try await rps(["play", "--moves", "r", "--state-file", link])

            #expect(run.status == 1)
            #expect(
                run.errors.contains(
                    "the state file \(link) is a symbolic link to \(sandbox.file("missing/state.json").path), whose "
                        + "directory \(sandbox.file("missing").path) does not exist. Nothing was changed."))
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("missing").path))
            #expect(leftovers(in: sandbox.url).isEmpty)
        }

        @Test(
            "an unprivileged user's 600 file stays 600, and their 444 file is refused with exit code 1, untouched",
            .enabled(if: UnprivilegedUser.isAvailable, UnprivilegedUser.unavailableReason))
        func permissionsAsAnOrdinaryUser() async throws {
            let home = try UnprivilegedUser.directory("user", in: sandbox)
            let path = home.appendingPathComponent("state.json").path
            #expect(
                try await rps(["play", "--moves", "r", "--seed", "1", "--state-file", path], unprivileged: true).status
                    == 0
            )
            #expect(chmod(path, 0o600) == 0)

            let kept = try await rps(["play", "--moves", "p", "--seed", "1", "--state-file", path], unprivileged: true)
            #expect(kept.status == 0)
            #expect(try mode(path) == 0o600)

            #expect(chmod(path, 0o444) == 0)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for arguments in [["play", "--moves", "s"], ["settings", "set", "best-of", "5"], ["reset", "--yes"]] {
                let refused = try await rps(arguments + ["--state-file", path], unprivileged: true)
                #expect(refused.status == 1, "\(arguments)")
                #expect(refused.errors.contains("the state file \(path) is read-only, so it may not be saved to."))
                #expect(refused.output.isEmpty, "\(arguments): nothing was played")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try mode(path) == 0o444)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() == [
                    ".state.json.session.journal", "state.json",
                ])
            #expect(try mode(home.appendingPathComponent(".state.json.session.journal").path) == 0o600)
        }

        @Test(
            "a directory an unprivileged user may not write is refused with exit code 1 and left empty",
            .enabled(if: UnprivilegedUser.isAvailable, UnprivilegedUser.unavailableReason))
        func unwritableDirectoryAsAnOrdinaryUser() async throws {
            let locked = sandbox.file("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            #expect(chmod(locked.path, 0o555) == 0)
            defer { _ = chmod(locked.path, 0o755) }
            let path = locked.appendingPathComponent("state.json").path

            let run = try await rps(["play", "--moves", "r", "--state-file", path], unprivileged: true)

            #expect(run.status == 1)
            #expect(run.errors.contains("cannot save the state file \(path)"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)
        }

        @Test(
            "a file of another user keeps its owner when the superuser saves it",
            .enabled(if: geteuid() == 0, "only the superuser may save a file and keep another user as its owner"))
        func ownerKept() async throws {
            let path = sandbox.file("state.json").path
            #expect(try await rps(["play", "--moves", "r", "--seed", "1", "--state-file", path]).status == 0)
            #expect(chown(path, 65534, 65534) == 0)
            #expect(chmod(path, 0o640) == 0)

            #expect(try await rps(["settings", "set", "player1", "Ann", "--state-file", path]).status == 0)

            var status = stat()
            #expect(stat(path, &status) == 0)
            #expect(status.st_uid == 65534 && status.st_gid == 65534)
            #expect(status.st_mode & 0o777 == 0o640)
        }

        @Test(
            "a refused or read-only command leaves no lock file and no directory behind",
            arguments: [
                ("corrupt", "{ not json", ["play", "--moves", "r"]),
                ("future", #"{"persistence": 9}"#, ["settings", "set", "best-of", "5"]),
                ("unknownearlier", #"{"formatVersion": 9}"#, ["settings", "set", "best-of", "5"]),
                ("corruptreset", "{ not json", ["reset", "--yes"]),
                ("directory", nil, ["play", "--moves", "r"]),
            ] as [(String, String?, [String])])
        func refusedCommands(name: String, contents: String?, arguments: [String]) async throws {
            let path = sandbox.file("\(name).json")
            if let contents {
                try Data(contents.utf8).write(to: path)
            } else {
                try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            }
            let before = sandbox.contents.filter { !$0.contains("-") }

            let run = try await rps(arguments + ["--state-file", path.path])

            #expect(run.status == 1)
            #expect(sandbox.contents.filter { !$0.contains("-") } == before, "only the run's captured output was added")
        }

        @Test("commands that change nothing create no directory on the way to a state file that does not exist")
        func nothingToChange() async throws {
            let path = sandbox.file("new/deeper/state.json").path
            let commands = [
                ["reset", "--yes"], ["history"], ["stats"], ["settings"], ["settings", "get", "best-of"],
            ]
            for arguments in commands {
                let run = try await rps(arguments + ["--state-file", path])
                #expect(run.status == 0, "\(arguments)")
            }
            let quit = try await RPSBinary.run(["play", "--state-file", path], in: sandbox, input: "q\n")

            #expect(quit.status == 0)
            #expect(!FileManager.default.fileExists(atPath: sandbox.file("new").path))
        }

        @Test(
            "each state-file problem is named as it is, with what to do",
            arguments: [
                ("[]", "is corrupt: it holds a JSON array where a state file holds an object"),
                ("  \n", "is corrupt: it holds only white space"),
            ])
        func messages(contents: String, message: String) async throws {
            let path = sandbox.file("state.json").path
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))

            let run = try await rps(["stats", "--state-file", path])

            #expect(run.status == 1)
            #expect(run.errors.contains("the state file \(path) \(message)"))
            #expect(run.errors.hasSuffix(" or use another file with --state-file PATH.\n"), "rps names its option")
            #expect(!run.errors.contains("field  "))
        }

        @Test("an empty state file (touch) is a fresh start, and the first change fills it, keeping its mode")
        func emptyFileIsAFreshStart() async throws {
            let path = sandbox.file("state.json").path
            #expect(
                FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o640]))

            let stats = try await rps(["stats", "--state-file", path])
            let play = try await rps(["play", "--moves", "r", "--seed", "1", "--state-file", path])
            let history = try await rps(["history", "--state-file", path])

            #expect(stats.status == 0)
            #expect(stats.output.contains("No rounds played yet"))
            #expect(play.status == 0)
            #expect(history.output.contains("Rock"))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
            #expect(((attributes[.size] as? NSNumber)?.intValue ?? 0) > 0)
        }

        @Test("a directory or a device in the file's place is named as such, never as a permission problem")
        func notAFile() async throws {
            let directory = sandbox.file("dir.json").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

            let onDirectory = try await rps(["play", "--moves", "r", "--state-file", directory])
            let onDevice = try await rps(["play", "--moves", "r", "--state-file", "/dev/null"])
            let readingDevice = try await rps(["history", "--state-file", "/dev/null"])

            #expect(onDirectory.status == 1)
            #expect(onDirectory.errors.contains("the state file \(directory) is a directory, not a file."))
            #expect(onDirectory.errors.contains("Name a file, such as \(directory)/state.json"))
            for run in [onDevice, readingDevice] {
                #expect(run.status == 1)
                #expect(run.errors.contains("the state file /dev/null is a character device, not a regular file"))
                #expect(!run.errors.lowercased().contains("permission"))
            }
            #expect(leftovers(in: sandbox.url).isEmpty)
        }
    }
#endif
