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
}
