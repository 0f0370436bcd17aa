import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel
import ReduxUI
import TestHelpers
import Testing

/// A page of a notebook, a row of its list.
private struct Page: Identifiable, Equatable, Codable, Sendable {
    var id: Int
    var text = ""
}

/// A notebook whose title and pages' text a view binds.
private struct Notebook: BindableState, Equatable, Codable {
    var title = ""
    var pages: IdentifiedArrayOf<Page> = [Page(id: 1), Page(id: 2)]

    static var bindableFields: [AnyKeyPath & Sendable] {
        [\Notebook.title, \Page.text]
    }
}

private struct Desk: State, Equatable, Codable {
    var notebook = Notebook()
}

/// The writes a user makes through the notebook's bindings: the title, then a page's text.
private func type(into store: Store<Desk>) {
    store.dispatch(BindingAction<Notebook>.set(\.title, "Trip"))
    store.dispatch(BindingAction<Notebook>.set(\.pages, id: 2, \Page.text, "Day two"))
}

/// Binding writes in journals: recorded, written to a file, read back and replayed; kept by a
/// state file across runs.
@Suite struct BindingJournalTests {
    @Test("a journal file records binding writes as the states they leave, and replays them")
    func journalReplaysBindingWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let store = Store(initialState: Desk(), features: [BindingFeature<Notebook>().at(\.notebook)])
        let issues = IssueCollector()
        store.issueReporter = issues.reporter
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        type(into: store)
        recorder.stop()
        #expect(issues.kinds == [], "nothing was reported as not replayable")

        let replayed = Store(initialState: Desk(), features: [BindingFeature<Notebook>().at(\.notebook)])
        let journal = try Journal<Desk>(contentsOf: path, actions: RecordableActions(replayed))
        #expect(journal.entries.count == 2)
        #expect(journal.entries.allSatisfy { $0.isReplayable })
        try replayed.replay(journal)
        #expect(replayed.state == store.state)
        #expect(replayed.state.notebook.title == "Trip")
        #expect(replayed.state.notebook.pages[id: 2]?.text == "Day two")
    }

    @Test("a state file keeps binding writes: the next run starts from them")
    func stateFileKeepsBindingWrites() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        try file.withExclusiveAccess {
            let store = Store(
                initialState: Desk(), features: [BindingFeature<Notebook>().at(\.notebook, persistedAs: "notebook")])
            let persistence = try file.persist(store)
            type(into: store)
            // No close: the next run reads the writes from the journal, as after a crash.
            _ = persistence
        }
        try file.withExclusiveAccess {
            let store = Store(
                initialState: Desk(), features: [BindingFeature<Notebook>().at(\.notebook, persistedAs: "notebook")])
            let persistence = try file.persist(store)
            #expect(store.state.notebook.title == "Trip")
            #expect(store.state.notebook.pages[id: 2]?.text == "Day two")
            try persistence.close()
        }
    }
}
