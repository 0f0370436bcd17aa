import Foundation
import MultiRedux
import ReduxPersistence
import TestHelpers
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What keeping a store in a file does to what the user owns: links, permissions, owners,
/// read-only files, special files, and what a refused command leaves behind.
@Suite struct FileSafetyTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    private func isLink(_ path: String) throws -> Bool {
        try linkStatus(path).st_mode & 0o170000 == 0o120000
    }

    @Test("a store kept through a symbolic link replaces the file it leads to and keeps the link")
    func keptThroughALink() throws {
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: true)
        let target = StateFile(url: directory.file("real/state.json"))
        try saveVolume(1, in: target)
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.json").path, withDestinationPath: "real/state.json")
        let link = StateFile(url: directory.file("link.json"))

        _ = try link.withExclusiveAccess { try saveVolume(7, in: link) }

        #expect(try isLink(link.path), "the link is still a link")
        #expect(try restored(from: target).settings.volume == 7, "the target has the new state")
        #expect(directory.contents == ["link.json", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("real").path) == ["state.json"])
    }

    @Test("a link to a file not made yet is a fresh start, and the first save creates the file it names")
    func danglingLinkIntoAnExistingDirectory() throws {
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.json").path, withDestinationPath: "new.json")
        let link = StateFile(url: directory.file("link.json"))

        #expect(try !link.restore(makeStore()), "a link to nothing is a fresh start")
        try saveVolume(7, in: link)

        #expect(try isLink(link.path))
        #expect(try restored(from: StateFile(url: directory.file("new.json"))).settings.volume == 7)
    }

    @Test("a link into a directory that does not exist is refused, and nothing is created")
    func linkIntoAMissingDirectory() throws {
        let linkPath = directory.file("link.json").path
        try FileManager.default.createSymbolicLink(atPath: linkPath, withDestinationPath: "gone/state.json")
        let link = StateFile(url: directory.file("link.json"))
        let expected = PersistenceError.brokenLink(path: linkPath, target: directory.file("gone/state.json").path)

        #expect(throws: expected) { try link.persist(makeStore()) }
        #expect(throws: expected) { try link.withExclusiveAccess {} }
        #expect(directory.contents == ["link.json"])
        #expect(expected.description.contains("whose directory \(directory.file("gone").path) does not exist"))
    }

    @Test("the snapshot and its journal keep the file's permissions")
    func keepsTheMode() throws {
        try saveVolume(1, in: file)
        #expect(chmod(file.path, 0o600) == 0)

        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: 2))
        #expect(try mode(journal(1, in: directory.url).path) == 0o600)
        try persistence.close()

        #expect(try mode(file.path) == 0o600)
    }

    @Test(
        "a save by the superuser keeps the file's owner and group, and gives them to its journal",
        .enabled(if: geteuid() == 0, "only the superuser may give a file to another user"))
    func keepsTheOwner() throws {
        try saveVolume(1, in: file)
        #expect(chown(file.path, 65534, 65534) == 0)

        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: 2))
        let journaled = try linkStatus(journal(1, in: directory.url).path)
        try persistence.close()

        let saved = try linkStatus(file.path)
        #expect(saved.st_uid == 65534 && saved.st_gid == 65534)
        #expect(journaled.st_uid == 65534 && journaled.st_gid == 65534)
    }

    @Test("a file without write permission is read-only, even for the superuser: refused and left as it was")
    func readOnlyFile() throws {
        let before = try saveVolume(1, in: file)
        #expect(chmod(file.path, 0o444) == 0)
        var ran = false

        #expect(throws: PersistenceError.readOnly(path: file.path)) { try file.persist(makeStore()) }
        #expect(throws: PersistenceError.readOnly(path: file.path)) { try file.withExclusiveAccess { ran = true } }

        #expect(!ran)
        #expect(try Data(contentsOf: file.url) == before)
        #expect(directory.contents == ["state.json"], "no journal, no lock file, no temporary file")
        #expect(try restored(from: file).settings.volume == 1, "a reader still reads it")
    }

    @Test("a directory where the file should be is refused as not a file, with a message that says so")
    func directoryInTheWay() throws {
        let folder = StateFile(url: directory.url)
        let expected = PersistenceError.notAFile(path: directory.url.path, kind: "a directory")

        #expect(throws: expected) { try folder.restore(makeStore()) }
        #expect(throws: expected) { try folder.persist(makeStore()) }
        #expect(directory.contents.isEmpty)
        let message = PersistenceError.notAFile(path: "/data/app", kind: "a directory").description
        #expect(message.contains("the state file /data/app is a directory, not a file"))
        #expect(message.contains("Name a file, such as /data/app/state.json"))
        #expect(!message.contains("permission"))
    }

    @Test("a character device is refused for reading and writing, and never opened")
    func characterDevice() throws {
        let device = StateFile(url: URL(fileURLWithPath: "/dev/null"))
        let expected = PersistenceError.notAFile(path: "/dev/null", kind: "a character device")

        #expect(throws: expected) { try device.restore(makeStore()) }
        #expect(throws: expected) { try device.persist(makeStore()) }
        #expect(!expected.description.contains("permission"))
        #expect(expected.description.contains("is a character device, not a regular file"))
    }

    @Test("a named pipe is refused without being opened, so reading does not wait for a writer")
    func namedPipe() throws {
        let path = directory.file("fifo.json").path
        #expect(mkfifo(path, 0o600) == 0)
        let pipe = StateFile(url: URL(fileURLWithPath: path))

        #expect(throws: PersistenceError.notAFile(path: path, kind: "a named pipe")) { try pipe.restore(makeStore()) }
        #expect(throws: PersistenceError.notAFile(path: path, kind: "a named pipe")) { try pipe.persist(makeStore()) }
        #expect(directory.contents == ["fifo.json"])
    }

    @Test("a missing file in a missing directory is a fresh start, and reading it creates nothing")
    func missingFile() throws {
        let missing = StateFile(url: directory.file("none/state.json"))
        let store = makeStore()

        #expect(try !missing.restore(store))
        #expect(store.state == AppState())
        #expect(directory.contents.isEmpty)
    }

    @Test("where no directory can be made, neither the store nor the lock is kept, and nothing is written")
    func unwritableDirectory() throws {
        try Data("a file".utf8).write(to: directory.file("blocker"))
        let blocked = StateFile(url: directory.file("blocker/state.json"))
        var ran = false
        let namesTheFile = { (error: any Error) in
            guard case .unwritable(let path, _) = error as? PersistenceError else { return false }
            return path == blocked.path
        }

        #expect(performing: { try blocked.persist(makeStore()) }, throws: namesTheFile)
        #expect(performing: { try blocked.withExclusiveAccess { ran = true } }, throws: namesTheFile)
        #expect(!ran)
        #expect(directory.contents == ["blocker"])
    }
}
