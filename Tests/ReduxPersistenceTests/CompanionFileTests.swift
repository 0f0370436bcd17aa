import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel
import TestHelpers
import Testing

/// What an app keeps beside its state file (a recorded session), and what persistence hands it.
@Suite struct CompanionFileTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    @Test("recentSession is the state journaling started from and the actions since; nil once closed")
    func recentSession() throws {
        let first = makeStore()
        let earlier = try file.persist(first)
        first.dispatch(SetVolume(level: 3))
        try earlier.close()

        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(Move(name: "rock"))
        store.dispatch(SetVolume(level: 8))

        let session = try #require(persistence.recentSession)
        #expect(session.start.settings.volume == 3)
        #expect(session.journal.entries.map(\.typeName) == ["Move", "SetVolume"].map { "ReduxPersistenceTests.\($0)" })
        try persistence.close()
        #expect(persistence.recentSession == nil)
    }

    @Test("recentSession goes on past compactions: the state at open and every action since")
    func recentSessionPastCompactions() throws {
        let store = makeStore()
        let persistence = try file.persist(store, compactionThreshold: 2)
        for level in 1...5 {
            store.dispatch(SetVolume(level: level))
            try persistence.compactIfDue()
        }
        store.dispatch(AddNote(line: "after"))

        let session = try #require(persistence.recentSession)
        #expect(session.start == AppState())
        #expect(session.journal.entries.count == 6)
        #expect(Set(session.journal.times.keys) == Set(0..<6))
        let replayed = makeStore()
        try replayed.replay(session.journal)
        #expect(replayed.state == store.state)
        try persistence.close()
    }

    @Test("a companion sits beside the file its path leads to, named as its journals are")
    func companionName() throws {
        let target = directory.file("real.json")
        try FileManager.default.createSymbolicLink(at: directory.file("state.json"), withDestinationURL: target)

        #expect(try file.companion("session.journal").path == directory.file(".real.json.session.journal").path)
    }

    @Test("a companion is replaced whole, with the state file's permissions; nil before it exists")
    func replaceContents() throws {
        try Data("{}".utf8).write(to: file.url)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        let companion = try file.companion("notes")
        #expect(try companion.existingContents() == nil)

        try companion.replaceContents(with: Data("one".utf8), like: file)
        try companion.replaceContents(with: Data("two".utf8), like: file)

        #expect(try companion.existingContents() == Data("two".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: companion.path)
        #expect(attributes[.posixPermissions] as? Int == 0o640)
        #expect(directory.contents == [".state.json.notes", "state.json"])
    }

    @Test("a directory where the companion should be is refused, not read")
    func notAFile() throws {
        let companion = try file.companion("notes")
        try FileManager.default.createDirectory(atPath: companion.path, withIntermediateDirectories: false)

        #expect(throws: PersistenceError.self) { try companion.existingContents() }
    }
    @Test("a file written with replaceContents alone keeps its own mode and its symbolic link")
    func replaceContentsKeepsTheFile() throws {
        let page = directory.file("page.html")
        try Data("old".utf8).write(to: page)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: page.path)
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.html").path, withDestinationPath: "page.html")

        try StateFile(url: directory.file("link.html")).replaceContents(with: Data("new".utf8))

        #expect(try String(contentsOf: page, encoding: .utf8) == "new")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.html").path) == "page.html")
        #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test("replaceContents refuses a directory and a device before writing anything")
    func replaceContentsRefusesSpecialFiles() throws {
        try FileManager.default.createDirectory(at: directory.file("pages"), withIntermediateDirectories: false)

        #expect(throws: PersistenceError.notAFile(path: directory.file("pages").path, kind: "a directory")) {
            try StateFile(url: directory.file("pages")).replaceContents(with: Data("x".utf8))
        }
        #expect(throws: PersistenceError.notAFile(path: "/dev/null", kind: "a character device")) {
            try StateFile(url: URL(fileURLWithPath: "/dev/null")).replaceContents(with: Data("x".utf8))
        }
        #expect(directory.contents == ["pages"])
    }

    @Test("a state file owns itself, its companions and journals, by any path, and nothing else")
    func owns() throws {
        try Data("{}".utf8).write(to: file.url)
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.json").path, withDestinationPath: "state.json")
        try FileManager.default.linkItem(at: file.url, to: directory.file("hard.json"))
        try FileManager.default.createDirectory(at: directory.file("sub"), withIntermediateDirectories: false)

        for owned in [
            "state.json", "link.json", "hard.json", ".state.json.session.journal", ".state.json.3.journal",
            ".state.json.lock", "sub/../state.json",
        ] {
            #expect(try file.owns(StateFile(url: directory.file(owned))), "\(owned)")
        }
        for other in ["game.html", "state.json.html", ".other.json.lock", "sub/state.json"] {
            #expect(try !file.owns(StateFile(url: directory.file(other))), "\(other)")
        }
    }
}
