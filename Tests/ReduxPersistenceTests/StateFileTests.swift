import Foundation
import ReduxPersistence
import TestHelpers
import Testing

/// The promises `StateFile` makes whatever a program keeps in it (the example game's own state
/// file is tested further in RockPaperScissorsTests).
@Suite struct StateFileTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test("one writer at a time: a second one is refused at once and its body never runs")
    func oneWriterAtATime() throws {
        let file = StateFile(url: directory.file("state.json"))
        var ranInside = false

        _ = try file.withExclusiveAccess {
            #expect(throws: PersistenceError.inUse(path: file.path)) {
                try file.withExclusiveAccess { ranInside = true }
            }
        }

        #expect(!ranInside)
        #expect(try file.withExclusiveAccess { "granted" } == "granted")
        #expect(!FileManager.default.fileExists(atPath: file.lockFileURL.path), "the lock file exists only while held")
    }

    @Test("the lock taken for work that awaits is the same lock, released by end()")
    func beginAndEnd() throws {
        let file = StateFile(url: directory.file("state.json"))

        let access = try file.beginExclusiveAccess()
        #expect(throws: PersistenceError.inUse(path: file.path)) { try file.beginExclusiveAccess() }
        access.end()

        try file.beginExclusiveAccess().end()
    }

    @Test("a read-only file, a directory and a device are refused before anything is created")
    func refusedTargets() throws {
        let readOnly = directory.file("read-only.json")
        try Data("{}".utf8).write(to: readOnly)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly.path)
        let folder = directory.file("folder.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        #expect(throws: PersistenceError.readOnly(path: readOnly.path)) {
            try StateFile(url: readOnly).withExclusiveAccess {}
        }
        #expect(throws: PersistenceError.notAFile(path: folder.path, kind: "a directory")) {
            try StateFile(url: folder).withExclusiveAccess {}
        }
        #expect(throws: PersistenceError.notAFile(path: "/dev/null", kind: "a character device")) {
            try StateFile(url: URL(fileURLWithPath: "/dev/null")).withExclusiveAccess {}
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
                == ["folder.json", "read-only.json"])
    }

    @Test("a second writer is refused with an error that names the file and says what to do, and changes nothing")
    func secondWriterChangesNothing() throws {
        let file = StateFile(url: directory.file("state.json"))
        let saved = try saveVolume(1, in: file)

        let volume = try file.withExclusiveAccess {
            #expect(throws: PersistenceError.inUse(path: file.path)) {
                _ = try file.withExclusiveAccess { try saveVolume(2, in: file) }
            }
            return try restored(from: file).settings.volume
        }

        #expect(volume == 1)
        #expect(try Data(contentsOf: file.url) == saved, "the refused writer wrote nothing")
        let message = PersistenceError.inUse(path: "/data/app/state.json").description
        #expect(message.contains("the state file /data/app/state.json is in use by another process"))
        #expect(message.contains("The file was left untouched."))
        #expect(message.contains("Finish or quit the other one and try again, or use another file."))
    }

    @Test("a lock released a moment after it is asked for is granted, not refused")
    func releasedMomentarily() async throws {
        let file = StateFile(url: directory.file("state.json"))
        let holding = DispatchSemaphore(value: 0)
        let holder = Thread {
            try? file.withExclusiveAccess {
                holding.signal()
                usleep(50_000)  // a holder busy for a moment, well within the 200 ms a refused lock is tried for
            }
        }
        holder.start()

        let granted = try await onOwnThread {
            holding.wait()
            return try file.withExclusiveAccess { "granted" }
        }

        #expect(granted == "granted")
    }

    @Test("a body that throws leaves no lock file, and the directories made for the lock are removed")
    func refusedBodyLeavesNothing() throws {
        let file = StateFile(url: directory.file("new/deeper/state.json"))
        struct Refused: Error {}

        #expect(throws: Refused.self) {
            try file.withExclusiveAccess {
                #expect(FileManager.default.fileExists(atPath: file.lockFileURL.path), "the lock file while held")
                throw Refused()
            }
        }

        #expect(directory.contents.isEmpty, "neither the lock file nor the directories made for it remain")
    }

    @Test("a store saved under the lock keeps the directories made for it; only the lock file is removed")
    func savedCommandKeepsItsDirectory() throws {
        let file = StateFile(url: directory.file("new/state.json"))

        _ = try file.withExclusiveAccess { try saveVolume(2, in: file) }

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("new").path) == ["state.json"])
    }

    @Test("a lock file left by a killed process is taken over and removed")
    func staleLockFile() throws {
        let file = StateFile(url: directory.file("state.json"))
        #expect(FileManager.default.createFile(atPath: file.lockFileURL.path, contents: nil))

        #expect(try file.withExclusiveAccess { "granted" } == "granted")

        #expect(directory.contents.isEmpty)
    }

    @Test("a refused command leaves no directory behind")
    func nothingLeftBehind() throws {
        let file = StateFile(url: directory.file("new/deeper/state.json"))

        try file.withExclusiveAccess {}

        #expect(!FileManager.default.fileExists(atPath: directory.file("new").path))
    }

    @Test("an error names the file, says what to do, and shows control characters escaped")
    func messages() {
        let file = StateFile(url: URL(fileURLWithPath: "state.json"))
        let corrupt = PersistenceError.corrupt(path: "/tmp/\u{1B}[31mred.json", reason: "bad\u{7}")
        let newer = PersistenceError.newerFormat(path: file.path, found: 9, supported: 2)

        #expect(corrupt.path == "/tmp/\u{1B}[31mred.json")
        #expect(corrupt.description.contains("/tmp/\\u{1B}[31mred.json is corrupt: bad\\u{07}."))
        #expect(!corrupt.description.unicodeScalars.contains { $0.value < 0x20 })
        #expect(
            newer.description
                == "the state file \(file.path) has format version 9, but this program reads versions up to 2. "
                + "The file was left untouched. Use a newer version of the program, or use another file.")
    }
}
