import Foundation
import MultiRedux
import ReduxCore
import ReduxShared
import ReduxTimeTravel
import TestHelpers
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A disk for one writer that fills up on cue: a write takes what room is left (a short write),
/// and the next fails with `ENOSPC`; the file may be cut back, or not.
private final class FillingDisk: Sendable {
    /// How many more bytes fit; nil: as many as asked.
    private let room = LockedValue<Int?>(nil)
    private let cutsBack: Bool

    init(cutsBack: Bool) {
        self.cutsBack = cutsBack
    }

    /// Lets `bytes` more bytes in, then fails.
    func fill(leaving bytes: Int) {
        room.withLock { $0 = bytes }
    }

    /// Frees the disk.
    func free() {
        room.withLock { $0 = nil }
    }

    var calls: JournalWriter.FileCalls {
        JournalWriter.FileCalls(
            write: { [self] descriptor, bytes in
                let allowed = room.withLock { room -> Int in
                    let allowed = min(bytes.count, room ?? bytes.count)
                    room = room.map { $0 - allowed }
                    return allowed
                }
                guard allowed > 0 else {
                    errno = ENOSPC
                    return -1
                }
                return write(descriptor, bytes.baseAddress, allowed)
            },
            truncate: { [cutsBack] descriptor, size in
                guard cutsBack else {
                    errno = EPERM
                    return -1
                }
                return ftruncate(descriptor, off_t(size))
            })
    }
}

@Suite struct JournalWriterFailureTests {
    private let header = #"{"journal":"MultiRedux","version":1}"# + "\n"

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test(
        "a write cut short by a full disk repeats no byte: once there is room, the journal holds every action once",
        arguments: [true, false])
    func shortWriteRepeatsNothing(fileCanBeCutBack: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let disk = FillingDisk(cutsBack: fileCanBeCutBack)
        let writer = try JournalWriter(path: path, durability: .everyAction, includesStates: false, calls: disk.calls)
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: writer)
        store.dispatch(Add(amount: 1))
        store.dispatch(Add(amount: 2))
        let whole = try contents(path)

        disk.fill(leaving: 10)
        store.dispatch(Add(amount: 3))
        let error = try #require(writer.writeError)
        #expect(error.kind == .fileAccess)
        #expect(error.message.contains(path) && error.message.contains("No space left on device"))
        // The file ends after its last whole line, or (where it cannot be cut back) with the torn
        // start of the next: what the reader drops with a note.
        let afterFailure = try contents(path)
        let torn = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(torn.entries.count == 2)
        if fileCanBeCutBack {
            #expect(afterFailure == whole)
            #expect(torn.notes.isEmpty)
        } else {
            #expect(afterFailure.utf8.count == whole.utf8.count + 10)
            #expect(torn.notes.count == 1)
        }

        store.dispatch(Add(amount: 4))
        #expect(writer.writeError == error, "the first failure is kept while the disk is full")
        #expect(try contents(path) == afterFailure)

        disk.free()
        store.dispatch(Add(amount: 5))
        #expect(writer.writeError == nil)
        recorder.stop()
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.notes.isEmpty)
        #expect(try contents(path).split(separator: "\n").count == 6, "the header and five lines, none twice")
        let replayed = makeDesk()
        try replayed.replay(read)
        #expect(replayed.state == store.state)
        #expect(replayed.state.tally.total == 15)
    }

    @Test("a buffered writer keeps the lines a failed flush did not write, and writes them with the next flush")
    func failedFlushKeepsLines() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let disk = FillingDisk(cutsBack: true)
        let writer = try JournalWriter(path: path, durability: .buffered, includesStates: false, calls: disk.calls)
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: writer)
        store.dispatch(Add(amount: 1))
        store.dispatch(Add(amount: 2))
        disk.fill(leaving: 30)
        writer.flush()
        #expect(writer.writeError != nil)
        #expect(try contents(path) == header)

        disk.free()
        store.dispatch(Add(amount: 3))
        #expect(writer.writeError != nil, "nothing was written since: a buffered line waits for the flush")
        recorder.stop()
        #expect(writer.writeError == nil)
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.entries.count == 3)
        #expect(read.notes.isEmpty)
    }

    @Test("a journal whose header was torn by a failed write is started again by the next writer")
    func tornHeaderIsRewritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let disk = FillingDisk(cutsBack: false)
        disk.fill(leaving: 12)
        #expect(throws: JournalError.self) {
            _ = try JournalWriter(path: path, durability: .everyAction, includesStates: false, calls: disk.calls)
        }
        #expect(try contents(path) == String(header.prefix(12)))

        let store = makeDesk()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Add(amount: 4))
        recorder.stop()
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.entries.count == 1)
        #expect(read.notes.isEmpty)
    }

    @Test("a file that is not a journal is refused, not overwritten, even without a line break")
    func shortForeignFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("notes.txt").path
        try Data("remember the milk".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: JournalError.self) { _ = try JournalWriter(path: path) }
        #expect(try contents(path) == "remember the milk")
    }
}
