import Foundation
import MultiRedux
import ReduxCore
import ReduxPersistence
import ReduxShared
import ReduxTimeTravel
import TestHelpers
import Testing

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes that fail: an append to the journal (a full disk) is noticed by `confirmSaved()`, which
/// saves the state in the snapshot instead; a snapshot whose replacement fails leaves the previous
/// file as it was, the journal kept for the next open.
@Suite struct JournalFailureTests {
    private let directory: TemporaryDirectory
    private let file: StateFile
    /// Whether the journal's disk is full: its appends fail with `ENOSPC`.
    private let diskIsFull = LockedValue(false)
    /// Whether the snapshot's `rename` fails, with `errno` set to this.
    private let renameFails = LockedValue<Int32?>(nil)
    /// The temporary files a replacement was asked to rename, with their contents then.
    private let renamed = LockedValue<[(path: String, contents: Data?)]>([])

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// The system's calls, except that an append fails while the disk is full and a rename fails
    /// while told to.
    private var seams: PersistenceSeams {
        let system = JournalWriter.FileCalls.system
        let journalCalls = JournalWriter.FileCalls(
            write: { [diskIsFull] descriptor, bytes in
                guard !diskIsFull.withLock({ $0 }) else {
                    errno = ENOSPC
                    return -1
                }
                return system.write(descriptor, bytes)
            },
            truncate: system.truncate)
        return PersistenceSeams(
            journalCalls: journalCalls,
            replace: { [renameFails, renamed] temporary, destination in
                renamed.withLock { $0.append((temporary, FileManager.default.contents(atPath: temporary))) }
                guard let code = renameFails.withLock({ $0 }) else { return rename(temporary, destination) }
                errno = code
                return -1
            })
    }

    private func persist(_ store: Store<AppState>) throws -> Persistence<AppState> {
        try Persistence(
            store: store, file: file, durability: .everyAction, compactionThreshold: 2, keepsUnclaimed: true,
            readingEarlierFormat: nil, seams: seams)
    }

    @Test("opening refused on a full disk leaves no new journal beside the file, which is untouched")
    func openingOnFullDiskLeavesNoJournal() throws {
        let snapshot = try saveVolume(7, in: file)
        diskIsFull.withLock { $0 = true }

        #expect(throws: PersistenceError.self) { try persist(makeStore()) }

        #expect(directory.contents == ["state.json"])
        #expect(try Data(contentsOf: file.url) == snapshot)
    }

    @Test("every append succeeding, confirming the actions are saved changes nothing")
    func savedActionsAreConfirmed() throws {
        let store = makeStore()
        let persistence = try persist(store)
        store.dispatch(AddNote(line: "a"))

        try persistence.confirmSaved()

        #expect(directory.contents == [".state.json.0.journal"])
        #expect(try restored(from: file).notes.lines == ["a"])
        try persistence.close()
    }

    @Test("an action whose append failed is saved in the snapshot at once, and the error says so")
    func failedAppendIsSavedInSnapshot() throws {
        let store = makeStore()
        let persistence = try persist(store)
        store.dispatch(AddNote(line: "a"))
        try persistence.confirmSaved()

        diskIsFull.withLock { $0 = true }
        store.dispatch(AddNote(line: "b"))
        #expect(try restored(from: file).notes.lines == ["a"], "the second note is in memory only")
        let error = try #require(throws: PersistenceError.self) { try persistence.confirmSaved() }

        guard case .journalUnwritable(let path, let reason, let saved) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(path == file.path)
        #expect(reason.contains("No space left on device"))
        #expect(saved)
        #expect(error.description.contains("nothing is lost") && error.description.contains("Free some disk space"))
        #expect(try restored(from: file).notes.lines == ["a", "b"])
        #expect(directory.contents == ["state.json"], "folded into the snapshot")
        try persistence.close()
        #expect(try restored(from: file).notes.lines == ["a", "b"])
    }

    @Test("when saving the snapshot instead fails too, the error says the last change is lost, and nothing before it")
    func failedAppendAndFailedSnapshot() throws {
        let store = makeStore()
        let persistence = try persist(store)
        store.dispatch(AddNote(line: "a"))
        try persistence.confirmSaved()

        diskIsFull.withLock { $0 = true }
        renameFails.withLock { $0 = ENOSPC }
        store.dispatch(AddNote(line: "b"))
        let error = try #require(throws: PersistenceError.self) { try persistence.confirmSaved() }

        guard case .journalUnwritable(let path, let reason, let saved) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(path == file.path)
        #expect(reason.contains("No space left on device") && reason.contains("Saving the state file instead failed"))
        #expect(!saved)
        #expect(error.description.contains("it is lost") && error.description.contains("the file is not damaged"))
        try persistence.close()
        #expect(directory.contents == [".state.json.0.journal"], "no temporary file left")
        #expect(try restored(from: file).notes.lines == ["a"], "every change confirmed before it is kept")
    }

    @Test("an append that failed and then succeeded with the next action needs no confirming")
    func retriedAppendIsSaved() throws {
        let store = makeStore()
        let persistence = try persist(store)
        diskIsFull.withLock { $0 = true }
        store.dispatch(AddNote(line: "a"))
        diskIsFull.withLock { $0 = false }
        store.dispatch(AddNote(line: "b"))

        try persistence.confirmSaved()

        #expect(try restored(from: file).notes.lines == ["a", "b"], "the journal holds both")
        try persistence.close()
    }

    @Test("a close whose rename fails leaves the old file byte for byte, no temporary, and the journal to replay")
    func failedRenameAtClose() throws {
        let old = try saveVolume(1, in: file)
        let store = makeStore()
        let persistence = try persist(store)
        store.dispatch(SetVolume(level: 2))
        renameFails.withLock { $0 = EIO }

        #expect(throws: PersistenceError.unwritable(path: file.path, reason: String(cString: strerror(EIO)))) {
            try persistence.close()
        }

        let attempt = try #require(renamed.withLock { $0.last })
        #expect(URL(fileURLWithPath: attempt.path).deletingLastPathComponent().path == directory.url.path)
        #expect(attempt.contents.map { String(decoding: $0, as: UTF8.self).contains(#""volume":2"#) } == true)
        #expect(try Data(contentsOf: file.url) == old)
        #expect(directory.contents == [".state.json.1.journal", "state.json"], "the temporary file was removed")
        #expect(try restored(from: file).settings.volume == 2, "the next open replays the journal")
    }

    @Test("a compaction whose rename fails stops journaling and leaves the old file and the whole journal")
    func failedRenameAtCompaction() throws {
        let old = try saveVolume(1, in: file)
        let store = makeStore()
        let persistence = try persist(store)
        store.dispatch(SetVolume(level: 2))
        store.dispatch(AddNote(line: "a"))
        renameFails.withLock { $0 = EIO }

        #expect(throws: PersistenceError.self) { try persistence.compactIfDue() }

        #expect(try Data(contentsOf: file.url) == old)
        #expect(directory.contents == [".state.json.1.journal", "state.json"])
        let reopened = makeStore()
        renameFails.withLock { $0 = nil }
        let next = try persist(reopened)
        #expect(reopened.state.settings.volume == 2 && reopened.state.notes.lines == ["a"])
        try next.close()
        #expect(directory.contents == ["state.json"])
    }
}
