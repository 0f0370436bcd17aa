import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import TestHelpers
import Testing

/// A session kept in a file for the inspector, and serving it until the input says stop.
@Suite struct SessionRecordingTests {
    /// A session recorded from a state other than the fresh one.
    private func recording() async -> SessionRecording<Desk> {
        var start = Desk()
        start.counter.total = 40
        let store = makeDesk(start)
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(Add(amount: 2))
        await store.dispatchAndWait(Fetch(item: 1))
        recorder.stop()
        return SessionRecording(start: start, journal: recorder.journal)
    }

    @Test("a recording's file reads back: its start state, its entries and their causes")
    func roundTrip() async throws {
        let recorded = await recording()
        let bytes = try recorded.fileBytes(naming: makeDesk(Desk()))

        let read = try SessionRecording<Desk>(
            reading: bytes, from: "session.journal", actions: RecordableActions(makeDesk(Desk())))

        #expect(read.start == recorded.start)
        #expect(read.journal.entries.map(\.typeName) == recorded.journal.entries.map(\.typeName))
        #expect(read.journal.causes == recorded.journal.causes)
        let inspector = Inspector(recording: read, makeStore: makeDesk)
        #expect(try inspector.state(after: -1).counter.total == 40)
        #expect(try inspector.state(after: inspector.count - 1).counter.total == 42)
    }

    @Test("the file is a journal file too: its header carries the start state beside the journal's fields")
    func fileIsAJournal() async throws {
        let recorded = await recording()
        let bytes = try recorded.fileBytes(naming: makeDesk(Desk()))
        let directory = try TemporaryDirectory()
        let path = directory.file("session.journal").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let journal = try Journal<Desk>(contentsOf: path, actions: RecordableActions(makeDesk(Desk())))

        #expect(journal.entries.count == recorded.journal.entries.count)
        #expect(String(decoding: bytes.prefix(36), as: UTF8.self) == #"{"journal":"MultiRedux","version":1,"#)
    }

    @Test("a journal without a start state is refused as no recorded session, naming the file")
    func journalWithoutStart() {
        let bytes = Array("{\"journal\":\"MultiRedux\",\"version\":1}\n".utf8)

        #expect {
            try SessionRecording<Desk>(reading: bytes, from: "plain.journal", actions: RecordableActions([]))
        } throws: { error in
            let error = error as? InspectorError
            return error?.kind == .journal
                && error?.message.hasPrefix("plain.journal is not a recorded session") == true
        }
    }

    @Test("serve answers on the address it announced until the input says q, then stops")
    func serveUntilQ() async throws {
        let inspector = makeInspector(await recordSession())
        let status = try await onOwnThread { () throws -> Int in
            var port: UInt16 = 0
            var answered = 0
            var lines = ["", "q"]
            try inspector.serve(announcing: { port = UInt16($0.port ?? 0) }) {
                if answered == 0 {
                    answered =
                        (try? RawHTTPClient.exchange(port: port, RawHTTPClient.request("GET", "/", port: port)).status)
                        ?? -1
                }
                return lines.removeFirst()
            }
            #expect(lines.isEmpty)
            #expect(throws: (any Error).self, "the server stopped") {
                try RawHTTPClient.exchange(port: port, RawHTTPClient.request("GET", "/", port: port))
            }
            return answered
        }
        #expect(status == 200)
    }
    @Test("the page's export carries the start state, and export, open, export gives the same bytes")
    func exportRoundTrip() async throws {
        let recorded = await recording()
        let first = Inspector(recording: recorded, makeStore: makeDesk)
        try first.toggle(0)

        let exported = try first.journalFile()
        let opened = try Inspector<Desk>(recordingFile: exported, from: "session.journal", makeStore: makeDesk)

        #expect(try opened.state(after: -1).counter.total == 40)
        #expect(opened.count == recorded.journal.entries.count - 1)
        #expect(try opened.journalFile() == exported)
    }

    @Test("an imported journal starts from its own start state, not the session's")
    func importKeepsItsStart() async throws {
        let recorded = await recording()
        let bytes = try recorded.fileBytes(naming: makeDesk(Desk()))
        let inspector = Inspector(journal: Journal(), initialState: Desk(), makeStore: makeDesk)

        try inspector.openJournalFile(bytes)

        #expect(try inspector.state(after: -1).counter.total == 40)
        #expect(try inspector.state(after: inspector.count - 1).counter.total == 42)
        #expect(inspector.notes.isEmpty)
    }

    @Test("a journal without a start state is replayed from the session's start, and the notes say so")
    func importWithoutStart() async throws {
        let recorded = await recording()
        let plain = Inspector(journal: recorded.journal, initialState: Desk(), makeStore: makeDesk)
        var start = Desk()
        start.counter.total = 7
        let inspector = Inspector(journal: Journal(), initialState: start, makeStore: makeDesk)
        let header = Array(#"{"journal":"MultiRedux","version":1}"#.utf8)
        var bytes = try plain.journalFile()
        bytes = header + bytes[bytes.firstIndex(of: UInt8(ascii: "\n"))!...]

        try inspector.openJournalFile(bytes)

        #expect(try inspector.state(after: -1).counter.total == 7)
        #expect(inspector.notes.contains { $0.contains("carries no start state") })
    }

    @Test(
        "an empty upload, one with no line, or a start of another shape is refused, and the session stays",
        arguments: [
            "", String(repeating: "x", count: 100_000), #"{"journal":"MultiRedux","version":1,"start":7}"# + "\n",
        ])
    func importRefusesWhatIsNotAJournal(contents: String) async throws {
        let recorded = await recording()
        let inspector = Inspector(recording: recorded, makeStore: makeDesk)

        #expect {
            try inspector.openJournalFile(Array(contents.utf8))
        } throws: { error in
            (error as? InspectorError)?.kind == .journal
        }
        #expect(inspector.count == recorded.journal.entries.count)
        #expect(try inspector.state(after: -1).counter.total == 40)
    }
}
