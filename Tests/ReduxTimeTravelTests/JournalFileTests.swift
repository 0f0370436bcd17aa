import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

@Suite struct JournalFileTests {
    /// Records `actions` into a new journal file and returns its path.
    private func writeJournal(_ actions: [any Action], in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("desk.journal").path
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        for action in actions {
            store.dispatch(action)
        }
        recorder.stop()
        return path
    }

    private func lines(of path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { withoutTrace(String($0)) }
    }

    @Test("each applied action is one JSON line after a versioned header, named by its feature and type")
    func fileFormat() throws {
        let directory = try TemporaryDirectory()
        let path = try writeJournal([Add(amount: 2), Note(text: "hi")], in: directory)
        let lines = try lines(of: path)
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"journal":"MultiRedux","version":1}"#)
        #expect(lines[1] == #"{"seq":1,"type":"TallyFeature.Add","payload":{"amount":2}}"#)
        #expect(lines[2].hasPrefix(#"{"seq":2,"type":""#))
    }

    @Test(
        "every kind of line is written as earlier versions wrote it, but for feature-qualified action names and an async result's cause"
    )
    func everyKindOfLine() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path, includesStates: true))
        await store.dispatchAndWait(Add(amount: 2))
        await store.dispatchAndWait(Opaque(amount: 1))
        await store.dispatchAndWait(Note(text: "a\"b\n"))
        await store.dispatchAndWait(Load(item: 4))
        recorder.stop()
        let name = { (type: Any.Type) in String(reflecting: type) }
        #expect(
            try lines(of: path) == [
                #"{"journal":"MultiRedux","version":1}"#,
                #"{"seq":1,"type":"TallyFeature.Add","payload":{"amount":2},"#
                    + #""after":{"tally":{"total":2,"log":[]},"shelf":{"items":[]},"actions":1}}"#,
                #"{"seq":2,"type":"\#(name(Opaque.self))","replayable":false,"#
                    + #""after":{"tally":{"total":3,"log":[]},"shelf":{"items":[]},"actions":2}}"#,
                #"{"seq":3,"type":"TallyFeature.Note","payload":{"text":"a\"b\n"},"#
                    + #""after":{"tally":{"total":3,"log":["a\"b\n"]},"shelf":{"items":[]},"actions":3}}"#,
                #"{"seq":4,"type":"ShelfFeature.Load","payload":{"item":4},"#
                    + #""after":{"tally":{"total":3,"log":["a\"b\n"]},"shelf":{"items":[]},"actions":4}}"#,
                #"{"seq":5,"cause":4,"type":"asyncResult","reducer":"\#(name(LoadReducer.self))","#
                    + #""state":{"tally":{"total":3,"log":["a\"b\n"]},"shelf":{"items":[40]},"actions":5}}"#,
            ])
    }

    @Test("a non-Codable action is reported once and marked not replayable; replay refuses the journal")
    func nonCodableActionIsMarked() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let issues = IssueCollector()
        let store = makeDesk(issueReporter: issues.reporter)
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Opaque(amount: 1))
        store.dispatch(Add(amount: 1))
        store.dispatch(Opaque(amount: 2))
        recorder.stop()
        #expect(issues.issues.count == 1)
        #expect(issues.issues.first?.message.contains("Opaque") == true)
        #expect(try lines(of: path)[1].hasSuffix(#""replayable":false}"#))
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.entries.map { $0.isReplayable } == [false, true, false])
        #expect(throws: JournalError.self) { try makeDesk().replay(read) }
        // In memory, the action itself was kept: that journal replays.
        let replayed = makeDesk()
        try replayed.replay(recorder.journal)
        #expect(replayed.state == store.state)
    }

    @Test("a torn last line is dropped with a note, everything before it is read, and the file is unchanged")
    func tornLastLineIsDropped() throws {
        let directory = try TemporaryDirectory()
        let path = try writeJournal([Add(amount: 2), Add(amount: 3)], in: directory)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":3,"type":"Re"#.utf8))
        handle.closeFile()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.entries.count == 2)
        #expect(read.notes.count == 1)
        #expect(read.notes.first?.contains("line 4") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("a writer reopening a journal with a torn last line cuts it off and continues the sequence")
    func writerContinuesAfterTornLine() throws {
        let directory = try TemporaryDirectory()
        let path = try writeJournal([Add(amount: 2)], in: directory)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":2,"ty"#.utf8))
        handle.closeFile()
        let store = makeDesk()
        try store.replay(try Journal<Desk>(contentsOf: path, actions: deskActions))
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Add(amount: 5))
        recorder.stop()
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.notes.isEmpty)
        let replayed = makeDesk()
        try replayed.replay(read)
        #expect(replayed.state.tally.total == 7)
    }

    @Test("a damaged line in the middle is an error naming the file and the line; the file is unchanged")
    func damagedLineIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try writeJournal([Add(amount: 2), Add(amount: 3), Add(amount: 4)], in: directory)
        var lines = try lines(of: path)
        lines[2] = String(lines[2].dropLast(3))
        let damaged = lines.joined(separator: "\n") + "\n"
        try damaged.write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            try Journal<Desk>(contentsOf: path, actions: deskActions)
        } throws: { error in
            guard let error = error as? JournalError else { return false }
            return error.kind == .damagedLine(3) && error.message.contains(path) && error.message.contains("Line 3")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == damaged)
    }

    @Test("a journal of an unknown format version is refused")
    func unknownVersionIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("future.journal").path
        let header = #"{"journal":"MultiRedux","version":2}"# + "\n"
        try header.write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            try Journal<Desk>(contentsOf: path, actions: deskActions)
        } throws: { error in
            (error as? JournalError)?.kind == .unknownVersion(2)
        }
        #expect(throws: JournalError.self) { try JournalWriter(path: path) }
    }

    @Test("a reducer a feature registers after its install, through the container it kept, records by its name")
    func laterRegistrationIsRecordable() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("late.journal").path
        let feature = LateRegisteringFeature()
        let store = Store(initialState: Desk(), features: [feature.at(\.tally)])
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        feature.registerStock()
        store.dispatch(Stock(item: 4))
        recorder.stop()

        let written = try lines(of: path)
        #expect(written == [written[0], #"{"seq":1,"type":"LateRegisteringFeature.Stock","payload":{"item":4}}"#])
        let read = try Journal<Desk>(contentsOf: path, actions: RecordableActions(store))
        try store.replay(read)
        #expect(store.state.tally.total == 8)
    }

    @Test("a private feature's actions record under its plain name, not the address the runtime adds")
    func privateFeatureNames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("private.journal").path
        let store = Store(initialState: Desk(), features: [PrivateShelfFeature().at(\.shelf)])
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Stock(item: 2))
        recorder.stop()

        let written = try lines(of: path)
        #expect(written == [written[0], #"{"seq":1,"type":"PrivateShelfFeature.Stock","payload":{"item":2}}"#])
        #expect(try Journal<Desk>(contentsOf: path, actions: deskActions).entries.count == 1)
    }

    @Test("an action type the reader was not given is an error naming it")
    func unregisteredActionIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try writeJournal([Stock(item: 1)], in: directory)
        #expect {
            try Journal<Desk>(contentsOf: path, actions: RecordableActions([Add.self]))
        } throws: { error in
            (error as? JournalError)?.kind == .unregisteredAction("ShelfFeature.Stock")
        }
    }

    @Test("a branch in a journal file replaces the lines after the state it started from")
    func branchInFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        for amount in 1...4 {
            store.dispatch(Add(amount: amount))
        }
        recorder.move(to: 2)
        store.dispatch(Add(amount: 50))
        recorder.stop()
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.entries.count == 3)
        let replayed = makeDesk()
        try replayed.replay(read)
        #expect(replayed.state == store.state)
        #expect(replayed.state.tally.total == 53)
    }
}

/// A feature that registers a reducer of `Stock` only when asked, after its install, through the
/// container it kept.
final class LateRegisteringFeature: LogicFeature, @unchecked Sendable {
    private var container: (any ReducerContainer)?

    func injectReducers(container: any ReducerContainer) {
        self.container = container
    }

    func registerStock() {
        container?.addReduceFunction { (_, action: Stock, state: inout Tally) in
            state.total += action.item
        }
    }
}

/// A feature declared `private`, whose runtime name carries an address.
private struct PrivateShelfFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Stock, state: inout Shelf) in
            state.items.append(action.item)
        }
    }
}
