import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

/// An action generic over a Foundation type: its runtime name says `FoundationEssentials.Date`
/// on Linux and `Foundation.Date` on Darwin.
struct Stamped<Value: Codable & Sendable & Equatable>: Action, Codable, Equatable {
    var value: Value
}

/// Journals cross platforms: one recorded on Linux (in CI, say) opens on a Mac, and back.
@Suite struct JournalPortabilityTests {
    private let moment = Date(timeIntervalSince1970: 1_700_000_000)

    /// Records `Stamped(moment)`, reduced by a plain reduce function (no feature names it), into a
    /// journal file, and returns the file's text.
    private func recordedJournal(at path: String) throws -> String {
        let store = Store(initialState: Desk()) { reducers in
            reducers.addReduceFunction { (_, _: Stamped<Date>, desk: inout Desk) in desk.actions += 1 }
        }
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        store.dispatch(Stamped(value: moment))
        recorder.stop()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("a journal names Foundation's types by the Foundation module, as Darwin does, on every platform")
    func foundationTypesNamedAsOnDarwin() throws {
        let directory = try TemporaryDirectory()
        let text = try recordedJournal(at: directory.file("stamped.journal").path)

        #expect(text.contains("Stamped<Foundation.Date>"))
        #expect(!text.contains("FoundationEssentials"))
    }

    @Test(
        "a journal that names FoundationEssentials.Date, as Linux wrote it before, is read and replayed",
        arguments: ["FoundationEssentials.Date", "Foundation.Date"])
    func linuxNamesRead(dateName: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("stamped.journal").path
        let written = try recordedJournal(at: path)
        try written.replacingOccurrences(of: "Foundation.Date", with: dateName)
            .write(toFile: path, atomically: true, encoding: .utf8)

        let journal = try Journal<Desk>(contentsOf: path, actions: RecordableActions([Stamped<Date>.self]))

        #expect(journal.entries.count == 1)
        guard case .action(let action) = journal.entries.first else {
            Issue.record("not an action: \(String(describing: journal.entries.first))")
            return
        }
        #expect(action as? Stamped<Date> == Stamped(value: moment))
    }
}
