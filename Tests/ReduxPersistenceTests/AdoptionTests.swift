import Foundation
import MultiRedux
import ReduxPersistence
import TestHelpers
import Testing

/// The save file of an app from before it used ReduxPersistence: its settings, and the journal
/// generation it never had.
private struct OldSaveFile: Decodable {
    var volume: Int
}

/// The guide's "Reading without writing" and "Adopting it in an app that already saves".
@Suite struct AdoptionTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    private func save(volume: Int) throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: volume))
        try persistence.close()
    }

    @Test("restore reads the parts, the journal included, and writes nothing")
    func restoreReadsOnly() throws {
        try save(volume: 4)
        let writer = makeStore()
        let persistence = try file.persist(writer)
        writer.dispatch(SetVolume(level: 8))  // in the journal, not yet in the snapshot
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        let snapshot = try Data(contentsOf: file.url)

        let store = makeStore()
        let found = try file.restore(store)

        #expect(found)
        #expect(store.state.settings.volume == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == before)
        #expect(try Data(contentsOf: file.url) == snapshot)
        try persistence.close()
    }

    @Test("restore of a missing file is a fresh start and creates nothing")
    func restoreMissing() throws {
        let store = makeStore()
        #expect(try file.restore(store) == false)
        #expect(store.state == AppState())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("a file in the app's earlier form is read through the app's reader, then saved in the new form")
    func earlierFormat() throws {
        try Data(#"{"volume": 3}"#.utf8).write(to: file.url)
        let store = makeStore()
        let persistence = try file.persist(
            store,
            readingEarlierFormat: { data in
                let old = try JSONDecoder().decode(OldSaveFile.self, from: data)
                var earlier = EarlierFile()
                try earlier.set(Settings(volume: old.volume), for: SettingsFeature.self, as: "settings")
                return earlier
            })
        #expect(store.state.settings.volume == 3)
        #expect(persistence.foundSavedState)
        store.dispatch(AddNote(line: "upgraded"))
        try persistence.close()

        let saved = try String(contentsOf: file.url, encoding: .utf8)
        #expect(saved.contains(#""persistence" : 1"#) && saved.contains(#""volume":3"#))
        let next = makeStore()
        try file.restore(next)  // no reader needed any more
        #expect(next.state.settings.volume == 3 && next.state.notes.lines == ["upgraded"])
    }

    @Test("an earlier file the reader cannot read is reported corrupt, with the field, and left untouched")
    func earlierFormatUnreadable() throws {
        let contents = Data(#"{"volume": "loud"}"#.utf8)
        try contents.write(to: file.url)
        let read = { (data: Data) throws -> EarlierFile in
            _ = try JSONDecoder().decode(OldSaveFile.self, from: data)
            return EarlierFile()
        }
        #expect {
            try file.persist(makeStore(), readingEarlierFormat: read)
        } throws: { error in
            guard case .corrupt(let path, let reason) = error as? PersistenceError else { return false }
            return path == file.path && reason.hasPrefix("the field volume has the wrong type")
        }
        #expect(try Data(contentsOf: file.url) == contents)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["state.json"])
    }

    @Test("without a reader, a file that is not in ReduxPersistence's form is corrupt")
    func noReader() throws {
        try Data(#"{"volume": 3}"#.utf8).write(to: file.url)
        #expect(throws: PersistenceError.corrupt(path: file.path, reason: "it has no persistence field")) {
            try file.restore(makeStore())
        }
    }
}
