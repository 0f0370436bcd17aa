import Foundation
import MultiRedux
import TestHelpers
import Testing

@testable import ReduxPersistence

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A number no writer of this version writes, or a file larger than any it writes, is refused
/// when the file is opened, with an error naming the file and what is wrong, and the file is left
/// as it was (such a file crashed every run, or was read whole first); a save never writes a file
/// the next run refuses (at the largest generation it is refused, nothing lost); and a journal is
/// folded into the snapshot long before it could grow past what a read accepts.
@Suite struct FileLimitsTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// The contents of every file in the directory.
    private var everything: [String: Data] {
        directory.contents.reduce(into: [:]) { files, name in
            files[name] = try? Data(contentsOf: directory.file(name))
        }
    }

    /// Whether an error reports the state file corrupt for a reason that says `reason`.
    private func isCorrupt(saying reason: String) -> @Sendable (any Error) -> Bool {
        let path = file.path
        return { error in
            guard let error = error as? PersistenceError, case .corrupt(path, _) = error else { return false }
            return error.description.contains("\(path) is corrupt: \(reason)")
                && error.description.contains("Move it away or delete it to start fresh")
        }
    }

    /// What `rps play` does: open the file, play, close (which saves).
    private func playOnce() throws {
        try file.withExclusiveAccess {
            let store = makeStore()
            let persistence = try file.persist(store)
            store.dispatch(SetVolume(level: 9))
            try persistence.close()
        }
    }

    /// A sparse file of `size` bytes: it takes no room on the disk, and reading it would.
    private func makeSparseFile(at url: URL, size: Int) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(descriptor >= 0, "create \(url.path)")
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, off_t(size)) == 0, "ftruncate \(url.path)")
    }

    /// A file's size and the blocks it takes: unchanged, the file was neither written nor filled.
    private func extent(_ url: URL) throws -> [Int] {
        var status = stat()
        try #require(stat(url.path, &status) == 0, "stat \(url.path)")
        return [Int(status.st_size), Int(status.st_blocks), Int(status.st_ino)]
    }

    @Test(
        "a journalGeneration a save would overflow, a negative one, or one past any integer is refused, file untouched",
        arguments: [
            ("9223372036854775807", "journalGeneration 9223372036854775807 is too large"),
            ("-1", "journalGeneration -1 is negative"),
            ("-9223372036854775808", "journalGeneration -9223372036854775808 is negative"),
            ("9223372036854775808", "journalGeneration is not a whole number from 0 to 9223372036854775806"),
            ("1e300", "journalGeneration is not a whole number from 0 to 9223372036854775806"),
        ])
    func journalGenerationOutOfRange(generation: String, reason: String) throws {
        let contents = Data(
            (#"{"persistence": 1, "journalGeneration": \#(generation), "#
                + #""parts": {"settings": {"version": 1, "value": {"volume": 7}}}}"#).utf8)
        try contents.write(to: file.url)

        #expect(performing: { try file.restore(makeStore()) }, throws: isCorrupt(saying: reason))
        // What `rps play` does: open, play, close (which saved with the next generation and crashed).
        #expect(performing: playOnce, throws: isCorrupt(saying: reason))

        #expect(everything == ["state.json": contents], "untouched, no journal, no lock file")
    }

    /// A state file in this module's form holding the given `journalGeneration`, volume 7.
    private func writeFile(generation: Int) throws -> Data {
        let contents = Data(
            (#"{"persistence": 1, "journalGeneration": \#(generation), "#
                + #""parts": {"settings": {"version": 1, "value": {"volume": 7}}}}"#).utf8)
        try contents.write(to: file.url)
        return contents
    }

    @Test("a file one below the largest journalGeneration is saved with the largest, which the next run reads")
    func journalGenerationBelowTheLimit() throws {
        let largest = PartsSnapshot.largestJournalGeneration
        _ = try writeFile(generation: largest - 1)

        try playOnce()

        let saved = String(decoding: try Data(contentsOf: file.url), as: UTF8.self)
        #expect(saved.contains(#""journalGeneration" : \#(largest)"#))
        #expect(try restored(from: file).settings.volume == 9)
        #expect(directory.contents == ["state.json"], "the journal was folded in")
    }

    @Test("at the largest journalGeneration a save is refused with why, the file is untouched and nothing is lost")
    func journalGenerationAtTheLimit() throws {
        let largest = PartsSnapshot.largestJournalGeneration
        let contents = try writeFile(generation: largest)
        let journalName = journal(largest, in: directory.url).lastPathComponent

        // Before, the save wrote Int.max, which every later run refused as too large.
        #expect(
            performing: playOnce,
            throws: { error in
                guard let error = error as? PersistenceError, case .unwritable = error else { return false }
                return error.description.contains(
                    "its journalGeneration \(largest) is the largest a state file may hold, so the next snapshot "
                        + "could not be numbered")
                    && error.description.contains("\(journalName), which the next run replays")
            })

        #expect(try Data(contentsOf: file.url) == contents)
        #expect(directory.contents == [journalName, "state.json"])
        #expect(try restored(from: file).settings.volume == 9, "the journal kept what was played")
    }

    @Test(
        "a snapshot is written only when it reads back: values nested as deep as the scan allows, not far deeper",
        // 509 in a part is 512 in the file, as deep as the scan reads; 601, past what any reading accepts.
        arguments: [(509, true), (601, false)])
    func nestingAtTheLimit(depth: Int, readsBack: Bool) throws {
        var snapshot = PartsSnapshot()
        let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        snapshot.parts["deep"] = PartsSnapshot.Part(version: 1, value: Data(value.utf8))

        if readsBack {
            let data = try snapshot.encodedReadingBack(path: file.path)
            #expect(try PartsSnapshot(data, path: file.path, readEarlier: nil).parts["deep"]?.value == Data(value.utf8))
        } else {
            #expect(
                performing: { try snapshot.encodedReadingBack(path: file.path) },
                throws: { error in
                    guard let error = error as? PersistenceError, case .unwritable = error else { return false }
                    return error.description.contains("the state to save would be refused when read back")
                })
        }
    }

    @Test(
        "a format no version wrote, or parts that are not an object, are refused with what is wrong, file untouched",
        arguments: [
            (#"{"persistence": 0, "parts": {}}"#, "its persistence format 0 is not one any version wrote"),
            (#"{"persistence": -3, "parts": {}}"#, "its persistence format -3 is not one any version wrote"),
            (#"{"persistence": 1, "parts": [1, 2]}"#, "its parts field is not an object of named parts"),
            (#"{"persistence": 1, "parts": "settings"}"#, "its parts field is not an object of named parts"),
            (#"{"persistence": 1, "parts": null}"#, "its parts field is not an object of named parts"),
        ])
    func malformedTopLevelFields(contents: String, reason: String) throws {
        try Data(contents.utf8).write(to: file.url)

        // Read as an empty file before, a save then replaced what the file held with nothing.
        #expect(performing: playOnce, throws: isCorrupt(saying: reason))
        #expect(everything == ["state.json": Data(contents.utf8)], "untouched, no journal, no lock file")
    }

    @Test("a journalGeneration an app's earlier form gives that a save would overflow is refused, file untouched")
    func earlierFormGenerationOutOfRange() throws {
        let contents = Data(#"{"volume": 7}"#.utf8)
        try contents.write(to: file.url)
        let readEarlier: @Sendable (Data) throws -> EarlierFile = { _ in EarlierFile(journalGeneration: .max) }

        #expect(
            performing: {
                try file.withExclusiveAccess {
                    let persistence = try file.persist(makeStore(), readingEarlierFormat: readEarlier)
                    try persistence.close()
                }
            }, throws: isCorrupt(saying: "journalGeneration 9223372036854775807 is too large"))

        #expect(everything == ["state.json": contents], "untouched, no journal, no lock file")
    }

    @Test("a snapshot larger than a state file may be is refused unread, with its size, and left as it was")
    func snapshotTooLarge() throws {
        let size = 300 << 20
        try makeSparseFile(at: file.url, size: size)
        let before = try extent(file.url)
        let reason = "it is 314572800 bytes (300 MiB) long, more than the 268435456 bytes (256 MiB)"

        #expect(performing: { try file.restore(makeStore()) }, throws: isCorrupt(saying: reason))
        #expect(
            performing: { try file.withExclusiveAccess { try file.persist(makeStore()).close() } },
            throws: isCorrupt(saying: reason))
        #expect(performing: { try file.existingContents() }, throws: isCorrupt(saying: reason))

        #expect(try extent(file.url) == before)
        #expect(directory.contents == ["state.json"], "no journal, no lock file")
    }

    @Test("a journal larger than a state file may be is refused unread, with its path and size; nothing changes")
    func journalTooLarge() throws {
        let snapshot = try saveVolume(7, in: file)
        try #require(String(decoding: snapshot, as: UTF8.self).contains(#""journalGeneration" : 1"#))
        let journalURL = journal(1, in: directory.url)
        try makeSparseFile(at: journalURL, size: (256 << 20) + 1)
        let before = try extent(journalURL)
        let reason =
            "its journal \(journalURL.path) is 268435457 bytes (256 MiB) long, more than the 268435456 bytes (256 MiB)"

        #expect(performing: { try file.restore(makeStore()) }, throws: isCorrupt(saying: reason))
        #expect(
            performing: { try file.withExclusiveAccess { try file.persist(makeStore()).close() } },
            throws: isCorrupt(saying: reason))

        #expect(try Data(contentsOf: file.url) == snapshot)
        #expect(try extent(journalURL) == before)
        #expect(directory.contents == [journalURL.lastPathComponent, "state.json"], "no other journal, no lock file")
    }

    @Test("contents larger than a state file may be are not written, so no file is saved that could not be read")
    func tooLargeToWrite() throws {
        let companion = try file.companion("session.journal")
        try Data("kept".utf8).write(to: companion.url)
        // Zeroed lazily: the test holds no such amount of memory.
        let data = Data(count: (256 << 20) + 1)

        #expect(
            performing: { try companion.replaceContents(with: data) },
            throws: { error in
                guard let error = error as? PersistenceError, case .unwritable = error else { return false }
                return error.description.contains("268435457 bytes (256 MiB) long, more than the 268435456 bytes")
            })
        #expect(try Data(contentsOf: companion.url) == Data("kept".utf8))
        #expect(directory.contents == [companion.url.lastPathComponent], "no temporary file")
    }

    @Test("a journal of large actions is folded into the snapshot once it reaches its byte bound, whatever its count")
    func largeJournalCompacted() throws {
        let line = String(repeating: "x", count: 4_096)
        do {
            let store = makeStore()
            let persistence = try file.persist(store, compactionThreshold: 10_000)
            // 64 MiB in an app; a few lines here.
            persistence.largestJournalSize = 16_384
            store.dispatch(AddNote(line: line))
            #expect(try !persistence.compactIfDue(), "one line: neither the count nor the bound reached")
            for _ in 0..<4 { store.dispatch(AddNote(line: line)) }
            #expect(try persistence.compactIfDue(), "five lines of 4 KiB passed 16 KiB: folded in")
            #expect(persistence.journalEntries == 0)
            try persistence.close()
        }
        let reopened = makeStore()
        try file.restore(reopened)
        #expect(reopened.state.notes.lines == Array(repeating: line, count: 5))
    }
}
