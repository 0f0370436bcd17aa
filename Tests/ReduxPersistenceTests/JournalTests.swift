import Foundation
import MultiRedux
import ReduxPersistence
import TestHelpers
import Testing

/// The file as a snapshot plus a journal: each action is an append, the snapshot is replaced
/// atomically when the journal is folded into it, and a journal is read only with the snapshot it
/// goes on from.
@Suite struct JournalTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    @Test("actions are appended to the journal, and the snapshot is not rewritten until the journal is closed")
    func actionsAreAppended() throws {
        let snapshot = try saveVolume(1, in: file)
        let snapshotNumber = try fileNumber(file.url)
        let store = makeStore()
        let persistence = try file.persist(store)

        for line in ["a", "b", "c"] {
            store.dispatch(AddNote(line: line))
        }

        #expect(try Data(contentsOf: file.url) == snapshot, "the snapshot is as it was")
        #expect(try fileNumber(file.url) == snapshotNumber)
        #expect(try restored(from: file).notes.lines == ["a", "b", "c"], "a reader replays the journal")
        #expect(directory.contents == [".state.json.1.journal", "state.json"])

        try persistence.close()

        #expect(directory.contents == ["state.json"], "closing folds the journal into the snapshot and removes it")
        #expect(try restored(from: file) == store.state)
        #expect(try String(contentsOf: file.url, encoding: .utf8).contains(#""journalGeneration" : 2"#))
    }

    @Test("closing replaces the file with a new one, so a reader of the old file still reads it whole")
    func closingReplacesTheFile() throws {
        let old = try saveVolume(1, in: file)
        let oldNumber = try fileNumber(file.url)
        let reader = try FileHandle(forReadingFrom: file.url)
        defer { try? reader.close() }

        try saveVolume(2, in: file)

        #expect(try fileNumber(file.url) != oldNumber, "a new file took the old one's place: not rewritten in place")
        #expect(reader.readDataToEndOfFile() == old, "the old file is intact for whoever had it open")
        #expect(try restored(from: file).settings.volume == 2)
        #expect(directory.contents == ["state.json"], "no temporary file left")
    }

    @Test("the bytes an action appends do not depend on how much is kept, and nothing else is written")
    func perActionCostIsConstant() throws {
        func bytesPerAction(afterNotes count: Int) throws -> (perAction: [Int], snapshotRewritten: Bool) {
            let directory = try TemporaryDirectory()
            let file = StateFile(url: directory.file("state.json"))
            try keep(in: file) { store in
                for index in 0..<count {
                    store.dispatch(AddNote(line: "note \(index)"))
                }
            }
            let before = try fileNumber(file.url)
            let store = makeStore()
            let persistence = try file.persist(store)
            let journalURL = journal(1, in: directory.url)
            var sizes = [try Data(contentsOf: journalURL).count]
            for _ in 0..<50 {
                store.dispatch(AddNote(line: "again"))
                sizes.append(try Data(contentsOf: journalURL).count)
            }
            let rewritten = try fileNumber(file.url) != before
            try persistence.close()
            return (zip(sizes, sizes.dropFirst()).map { $1 - $0 }, rewritten)
        }

        let short = try bytesPerAction(afterNotes: 1)
        let long = try bytesPerAction(afterNotes: 5_000)

        // One line an action, the same but for the digits of its sequence number (and of its time):
        // its type, payload, call site and time.
        #expect(short.perAction.count == 50 && short.perAction.allSatisfy { (30...200).contains($0) }, "\(short)")
        #expect(long.perAction == short.perAction, "5,000 kept notes do not make an action cost a byte more")
        #expect(!short.snapshotRewritten && !long.snapshotRewritten, "the snapshot is not touched while appending")
    }

    @Test("a journal left by a save interrupted after its rename is not replayed a second time")
    func interruptedSave() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        for line in ["a", "b"] {
            store.dispatch(AddNote(line: line))
        }
        let leftOver = try Data(contentsOf: journal(0, in: directory.url))
        try persistence.close()
        // The save renamed the new snapshot into place; put back the journal it then removed.
        try leftOver.write(to: journal(0, in: directory.url))

        #expect(try restored(from: file).notes.lines == ["a", "b"])
        try keep(in: file) { $0.dispatch(AddNote(line: "c")) }
        #expect(try restored(from: file).notes.lines == ["a", "b", "c"])
        #expect(directory.contents == ["state.json"], "the next save removes the stale journal")
    }

    @Test("a torn last line, from a process killed while appending, is dropped and cut off by the next writer")
    func tornLastLineIsCutOff() throws {
        do {
            let store = makeStore()
            let persistence = try file.persist(store)
            store.dispatch(AddNote(line: "a"))
            store.dispatch(AddNote(line: "b"))
            _ = persistence  // never closed: what a killed process leaves
        }
        let handle = try FileHandle(forWritingTo: journal(0, in: directory.url))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":9,"type":"AddNo"#.utf8))
        try handle.close()

        #expect(try restored(from: file).notes.lines == ["a", "b"])
        do {
            let store = makeStore()
            let persistence = try file.persist(store)
            store.dispatch(AddNote(line: "c"))
            _ = persistence  // killed again: the next line must not be glued to the torn one
        }
        #expect(try restored(from: file).notes.lines == ["a", "b", "c"])
        try keep(in: file)
        #expect(try restored(from: file).notes.lines == ["a", "b", "c"])
        #expect(directory.contents == ["state.json"])
    }

    @Test("a run that changed nothing kept removes its journal, and a fresh start leaves no file behind")
    func nothingChanged() throws {
        try keep(in: file) { $0.dispatch(Move(name: "rock")) }  // journaled, but not kept

        #expect(directory.contents.isEmpty)

        let saved = try saveVolume(3, in: file)
        let number = try fileNumber(file.url)
        try keep(in: file) { $0.dispatch(SetVolume(level: 3)) }

        #expect(directory.contents == ["state.json"])
        #expect(try Data(contentsOf: file.url) == saved && (try fileNumber(file.url)) == number, "not rewritten")
    }
}
