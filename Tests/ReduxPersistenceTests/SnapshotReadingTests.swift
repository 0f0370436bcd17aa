import Foundation
import MultiRedux
import ReduxPersistence
import TestHelpers
import Testing

/// A state file is read without building its values (its parts go to their decoders as the bytes
/// the file holds), and that reading accepts exactly what a full JSON reading accepts.
@Suite struct SnapshotReadingTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    @Test("parts are restored from the bytes the file holds: escaped names, brackets and quotes in strings, any script")
    func partsAsWritten() throws {
        let contents = #"""
            {
              "journalGeneration" : 0, "comment" : ["an unknown field", {"is": "skipped"}, null, true, -1.5e3],
              "parts" : {
                "sett\u0069ngs" : { "version" : 1, "value" : {"volume":7} },
                "notes" : { "value" : {"lines":["a } \" ] {", "naïve ☃", "\u00e9\ud83d\ude00", "tab\tnewline\n"]},
                            "version" : 1, "note" : "fields in any order" }
              },
              "persistence" : 1
            }
            """#
        try Data(contents.utf8).write(to: file.url)

        let state = try restored(from: file)

        #expect(state.settings.volume == 7)
        #expect(state.notes.lines == ["a } \" ] {", "naïve ☃", "é😀", "tab\tnewline\n"])
    }

    @Test(
        "a part whose value is not valid JSON makes the file corrupt, and it is left as it was, claimed or not",
        arguments: [
            "tru", "nul", "01", "1.", "1e", "-", "+1", ".5", "[1 2]", #"{"lines" ["a"]}"#, #"{"lines": ["\x"]}"#,
            #"{"lines": ["\u12G4"]}"#, "\"tab\tinside\"", #""unterminated"#,
            "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 601),
        ])
    func invalidPartValue(value: String) throws {
        // An unclaimed part is kept as the file holds it, not decoded: only the reading can refuse it.
        for name in ["notes", "unclaimed"] {
            let contents = Data(#"{"persistence": 1, "parts": {"\#(name)": {"version": 1, "value": \#(value)}}}"#.utf8)
            try contents.write(to: file.url)

            #expect(performing: { try file.restore(makeStore()) }, throws: { isCorrupt($0, path: file.path) })
            #expect(directory.contents == ["state.json"])
            #expect(try Data(contentsOf: file.url) == contents)
        }
    }

    @Test("a file whose strings are not UTF-8 is corrupt")
    func invalidUTF8() throws {
        var contents = Data(#"{"persistence": 1, "parts": {"unclaimed": {"version": 1, "value": {"lines": [""#.utf8)
        contents += [0xC3, 0x28]  // a lead byte followed by one that cannot continue it
        contents += Data(#""]}}}}"#.utf8)
        try contents.write(to: file.url)

        #expect(performing: { try file.restore(makeStore()) }, throws: { isCorrupt($0, path: file.path) })
        #expect(try Data(contentsOf: file.url) == contents)
    }

    @Test(
        "a file that is not UTF-8 is reported corrupt once, saying so",
        arguments: [
            [0xC3, 0x28],  // a lead byte followed by one that cannot continue it
            [0x63, 0x61, 0x66, 0xE9],  // "café" in Latin-1
        ] as [[UInt8]])
    func notUTF8Message(bytes: [UInt8]) throws {
        var contents = Data(#"{"persistence": 1, "parts": {"notes": {"version": 1, "value": {"lines": [""#.utf8)
        contents += bytes
        contents += Data(#""]}}}}"#.utf8)
        try contents.write(to: file.url)

        let error = try #require(throws: PersistenceError.self) { try file.restore(makeStore()) }
        #expect(error.description.components(separatedBy: "is corrupt:").count == 2, "said once: \(error)")
        #expect(error.description.contains("is corrupt: it is not UTF-8 text"))
        #expect(try Data(contentsOf: file.url) == contents)
    }

    @Test("text after the top-level object makes the file corrupt")
    func trailingText() throws {
        try Data(#"{"persistence": 1, "parts": {}} {}"#.utf8).write(to: file.url)

        #expect(performing: { try file.restore(makeStore()) }, throws: { isCorrupt($0, path: file.path) })
    }

    private func isCorrupt(_ error: any Error, path: String) -> Bool {
        guard case .corrupt(let reported, _) = error as? PersistenceError else { return false }
        return reported == path
    }
}
