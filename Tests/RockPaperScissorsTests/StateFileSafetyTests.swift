import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors
import TestHelpers
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What a save or a lock does to what the user owns: links, permissions, owners, read-only
/// files, special files, and what a refused command leaves behind.
@Suite struct StateFileSafetyTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func played() -> AppState {
        let store = RockPaperScissorsApp.makeStore()
        store.dispatch(ChooseWeaponAction(weapon: .rock))
        store.dispatch(ChooseWeaponAction(weapon: .scissors))
        return store.state
    }

    private func status(_ path: String) throws -> stat {
        var status = stat()
        try #require(lstat(path, &status) == 0, "lstat \(path)")
        return status
    }

    private func isLink(_ path: String) throws -> Bool {
        try status(path).st_mode & 0o170000 == 0o120000
    }

    @Test("a save through a symbolic link replaces the file it leads to and keeps the link")
    func savesThroughALink() throws {
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: true)
        let target = StateFile(url: directory.file("real/state.json"))
        try target.save(AppState())
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.json").path, withDestinationPath: "real/state.json")
        let link = StateFile(url: directory.file("link.json"))

        try link.withExclusiveAccess { try link.save(played()) }

        #expect(try isLink(link.path), "the link is still a link")
        #expect(try target.loadAppState().scoreHistory.rounds.count == 1, "the target has the new state")
        #expect(directory.contents == ["link.json", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("real").path) == ["state.json"])
    }

    @Test("a link to a file not made yet is saved through, creating the file it names")
    func danglingLinkIntoAnExistingDirectory() throws {
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.json").path, withDestinationPath: "new.json")
        let link = StateFile(url: directory.file("link.json"))

        #expect(try link.load() == nil, "a link to nothing is a fresh start")
        try link.save(played())

        #expect(try isLink(link.path))
        #expect(try StateFile(url: directory.file("new.json")).loadAppState().scoreHistory.rounds.count == 1)
    }

    @Test("a link into a directory that does not exist is refused, and nothing is created")
    func linkIntoAMissingDirectory() throws {
        let linkPath = directory.file("link.json").path
        try FileManager.default.createSymbolicLink(atPath: linkPath, withDestinationPath: "gone/state.json")
        let link = StateFile(url: directory.file("link.json"))
        let expected = PersistenceError.brokenLink(path: linkPath, target: directory.file("gone/state.json").path)

        #expect(throws: expected) { try link.save(played()) }
        #expect(throws: expected) { try link.withExclusiveAccess {} }
        #expect(directory.contents == ["link.json"])
        #expect(expected.description.contains("whose directory \(directory.file("gone").path) does not exist"))
    }

    @Test("a save keeps the file's permissions")
    func keepsTheMode() throws {
        let file = StateFile(url: directory.file("state.json"))
        try file.save(AppState())
        #expect(chmod(file.path, 0o600) == 0)

        try file.save(played())

        #expect(try status(file.path).st_mode & 0o777 == 0o600)
    }

    @Test(
        "a save by the superuser keeps the file's owner and group",
        .enabled(if: geteuid() == 0, "only the superuser may give a file to another user"))
    func keepsTheOwner() throws {
        let file = StateFile(url: directory.file("state.json"))
        try file.save(AppState())
        #expect(chown(file.path, 65534, 65534) == 0)

        try file.save(played())

        let saved = try status(file.path)
        #expect(saved.st_uid == 65534 && saved.st_gid == 65534)
    }

    @Test("a file without write permission is read-only, even for the superuser: refused and left as it was")
    func readOnlyFile() throws {
        let file = StateFile(url: directory.file("state.json"))
        try file.save(AppState())
        let before = try Data(contentsOf: file.url)
        #expect(chmod(file.path, 0o444) == 0)
        var ran = false

        #expect(throws: PersistenceError.readOnly(path: file.path)) { try file.save(played()) }
        #expect(throws: PersistenceError.readOnly(path: file.path)) { try file.withExclusiveAccess { ran = true } }

        #expect(!ran)
        #expect(try Data(contentsOf: file.url) == before)
        #expect(directory.contents == ["state.json"], "no lock file, no temporary file")
    }

    @Test("a character device is refused for reading and writing, and never opened")
    func characterDevice() throws {
        let file = StateFile(url: URL(fileURLWithPath: "/dev/null"))
        let expected = PersistenceError.notAFile(path: "/dev/null", kind: "a character device")

        #expect(throws: expected) { try file.load() }
        #expect(throws: expected) { try file.save(played()) }
        #expect(throws: expected) { try file.withExclusiveAccess {} }
        #expect(!expected.description.contains("permission"))
        #expect(expected.description.contains("is a character device, not a regular file"))
    }

    @Test("a named pipe is refused without being opened, so loading does not wait for a writer")
    func namedPipe() throws {
        let path = directory.file("fifo.json").path
        #expect(mkfifo(path, 0o600) == 0)

        #expect(throws: PersistenceError.notAFile(path: path, kind: "a named pipe")) {
            try StateFile(url: URL(fileURLWithPath: path)).load()
        }
    }

    @Test("a refused body leaves no lock file, and the directories made for the lock are removed")
    func refusedCommandLeavesNothing() throws {
        let file = StateFile(url: directory.file("new/deeper/state.json"))
        struct Refused: Error {}

        #expect(throws: Refused.self) {
            try file.withExclusiveAccess {
                #expect(FileManager.default.fileExists(atPath: file.lockFileURL.path), "the lock file while held")
                throw Refused()
            }
        }
        try file.withExclusiveAccess {}

        #expect(directory.contents.isEmpty, "neither the lock file nor the directories made for it remain")
    }

    @Test("a save under the lock keeps the directories made for it, and removes only the lock file")
    func savedCommandKeepsItsDirectory() throws {
        let file = StateFile(url: directory.file("new/state.json"))

        try file.withExclusiveAccess { try file.save(played()) }

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("new").path) == ["state.json"])
    }

    @Test("a lock file left by a killed game is taken over and removed")
    func staleLockFile() throws {
        let file = StateFile(url: directory.file("state.json"))
        #expect(FileManager.default.createFile(atPath: file.lockFileURL.path, contents: nil))

        #expect(try file.withExclusiveAccess { "granted" } == "granted")

        #expect(directory.contents.isEmpty)
    }

    @Test(
        "a file that holds no JSON object says what it holds instead",
        arguments: [
            ("[]", "it holds a JSON array where a state file holds an object"),
            ("\"rps\"", "it holds a JSON string where a state file holds an object"),
            ("42", "it holds a JSON number"), ("null", "it holds JSON null"),
            ("  \n", "it holds only white space"),
        ])
    func notAnObject(contents: String, reason: String) throws {
        let file = StateFile(url: directory.file("state.json"))
        try Data(contents.utf8).write(to: file.url)

        #expect {
            try file.load()
        } throws: { error in
            guard let error = error as? PersistenceError, case .corrupt = error else { return false }
            return error.description.contains("is corrupt: \(reason)") && !error.description.contains("field  ")
        }
    }

    @Test("paths in messages show control characters escaped")
    func escapedPath() {
        let message = PersistenceError.corrupt(path: "/tmp/\u{1B}[31mred.json", reason: "bad\u{7}").description

        #expect(message.contains("/tmp/\\u{1B}[31mred.json"))
        #expect(message.contains("bad\\u{07}"))
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    }
}
