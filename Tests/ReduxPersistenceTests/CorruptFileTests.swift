import Foundation
import MultiRedux
import ReduxPersistence
import TestHelpers
import Testing

/// A file that is not a valid state file, or comes from a newer program, is reported with its path
/// and what is wrong, and left byte for byte as it was, with nothing created beside it.
@Suite struct CorruptFileTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    /// The contents of every file in the directory.
    private var everything: [String: Data] {
        directory.contents.reduce(into: [:]) { files, name in files[name] = try? Data(contentsOf: directory.file(name))
        }
    }

    @Test(
        "a corrupt file is refused by readers and writers with an error naming it and saying why, and left as it was",
        arguments: [
            ("not json at all", "it is not valid JSON"),
            ("[]", "it holds a JSON array where a state file holds an object"),
            ("\"app\"", "it holds a JSON string where a state file holds an object"),
            ("42", "it holds a JSON number"), ("true", "it holds a JSON true or false"), ("null", "it holds JSON null"),
            ("  \n", "it holds only white space"),
            (#"{"settings": {"volume": 1}}"#, "it has no persistence field"),
            (#"{"persistence": "1", "parts": {}}"#, "its persistence field is not a whole number"),
            (#"{"persistence": null, "parts": {}}"#, "its persistence field is not a whole number"),
            (#"{"persistence": 1, "journalGeneration": -1, "parts": {}}"#, "journalGeneration -1 is negative"),
            (#"{"persistence": 1, "parts": {"settings": {"value": 1}}}"#, "the part settings has no version and value"),
            (
                #"{"persistence": 1, "parts": {"settings": {"version": 1, "value": {"volume": "loud"}}}}"#,
                "its part settings cannot be read"
            ),
        ])
    func corrupt(contents: String, reason: String) throws {
        try Data(contents.utf8).write(to: file.url)
        let isReported = { (error: any Error) in
            guard let error = error as? PersistenceError, case .corrupt(let path, _) = error else { return false }
            return path == file.path && error.description.contains("\(file.path) is corrupt: \(reason)")
                && !error.description.contains("field  ")
        }

        #expect(performing: { try file.restore(makeStore()) }, throws: isReported)
        #expect(performing: { try file.persist(makeStore()) }, throws: isReported)
        #expect(try file.withExclusiveAccess { try? file.persist(makeStore()) } == nil)

        #expect(everything == ["state.json": Data(contents.utf8)], "untouched, no journal, no lock file")
    }

    @Test("a file from a newer format is refused, not misread, and left as it was")
    func newerFormat() throws {
        let contents = Data(#"{"persistence": 2, "parts": {"settings": {"version": 1, "value": {"volume": 1}}}}"#.utf8)
        try contents.write(to: file.url)
        let expected = PersistenceError.newerFormat(path: file.path, found: 2, supported: 1)

        #expect(throws: expected) { try file.restore(makeStore()) }
        #expect(throws: expected) { try file.persist(makeStore()) }
        #expect(everything == ["state.json": contents])
    }

    @Test("a damaged journal line is an error naming the journal and the line; nothing is changed")
    func damagedJournal() throws {
        do {
            let store = makeStore()
            let persistence = try file.persist(store)
            for line in ["a", "b", "c"] {
                store.dispatch(AddNote(line: line))
            }
            _ = persistence  // never closed: the journal stays
        }
        let url = journal(0, in: directory.url)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[2] = "{ not json"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        let before = everything
        let isReported = { (error: any Error) in
            guard case .corrupt(let path, let reason) = error as? PersistenceError else { return false }
            return path == file.path && reason.contains("Line 3 of \(url.path)")
        }

        #expect(performing: { try file.restore(makeStore()) }, throws: isReported)
        #expect(performing: { try file.persist(makeStore()) }, throws: isReported)
        #expect(everything == before)
    }
}
