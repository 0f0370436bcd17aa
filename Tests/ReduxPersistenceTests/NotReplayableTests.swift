import Foundation
import MultiRedux
import ReduxPersistence
import TestHelpers
import Testing

/// An action that cannot be journaled: it carries a closure, so it is not `Codable`.
struct Tap: Action {
    var onDone: @Sendable () -> Void = {}
}

/// Codable, but its effect's change lands as an async result, which a journal keeps as the root
/// state, and this app's root state is not `Codable`.
struct LoadNote: Action, Codable {}

struct TapFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Tap, round: inout Round) in round.moves.append("tap") }
    }
}

struct LoadingFeature: PersistentFeature {
    typealias PersistedValue = Notes

    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: AddNote, notes: inout Notes) in notes.lines.append(action.line) }
        container.addAsyncReduceFunction { (_, _: LoadNote, _: inout Notes) -> Effect<Notes> in
            .run { effect in effect.update { $0.lines.append("loaded") } }
        }
    }
}

/// A journal entry that cannot be replayed (an action that was not `Codable`, an async result
/// whose root state is not, an action no feature placed now handles) never makes a state file
/// unusable: it is passed over, and the persistence's notes say so.
@Suite struct NotReplayableTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    private func loadingStore(_ issues: IssueCollector = IssueCollector()) -> Store<AppState> {
        Store(
            initialState: AppState(),
            features: [
                SettingsFeature().at(\AppState.settings, persistedAs: "settings"), TapFeature().at(\.round),
                LoadingFeature().at(\.notes, persistedAs: "notes"),
            ],
            issueReporter: issues.reporter)
    }

    @Test("a journal with entries it could not write opens after a crash: the rest is restored, and a note names them")
    func opensAfterACrash() async throws {
        let issues = IssueCollector()
        do {
            let store = loadingStore(issues)
            let persistence = try file.persist(store)
            store.dispatch(SetVolume(level: 3))
            store.dispatch(Tap())
            await store.dispatchAndWait(LoadNote())
            store.dispatch(Tap())
            store.dispatch(AddNote(line: "after"))
            #expect(persistence.journalEntries == 6)
            // The persistence goes away without close() or compactIfDue(): what a killed process leaves.
        }
        #expect(issues.kinds == [.notReplayable, .notReplayable], "reported once per type, when recorded")

        let reader = loadingStore()
        try file.restore(reader)
        #expect(reader.state.notes.lines == ["after"], "a reader restores it too")
        let next = loadingStore()
        let reopened = try file.persist(next)

        #expect(next.state.settings.volume == 3)
        #expect(next.state.notes.lines == ["after"], "all but the async result, which the journal could not hold")
        #expect(reopened.notes.count == 1)
        let note = try #require(reopened.notes.first)
        #expect(
            note.hasSuffix(
                "that cannot be replayed: ReduxPersistenceTests.Tap ×2 (not Codable when it was recorded), an async "
                    + "result (AppState is not Codable). What they changed is not in the restored state."),
            "\(note)")
        try reopened.close()
        let closed = loadingStore()
        try file.restore(closed)
        #expect(closed.state.notes.lines == ["after"])
    }

    @Test("compactIfDue folds a journal with an entry it could not write into the snapshot, so a crash loses nothing")
    func compactedAtOnce() async throws {
        do {
            let store = loadingStore()
            let persistence = try file.persist(store)
            store.dispatch(AddNote(line: "typed"))
            #expect(try !persistence.compactIfDue(), "every entry written: not due before its threshold")
            await store.dispatchAndWait(LoadNote())
            #expect(try persistence.compactIfDue(), "due at once: a replay would pass over the async result")
            #expect(try !persistence.compactIfDue(), "the new journal holds nothing it could not write")
            store.dispatch(AddNote(line: "later"))
        }
        let next = loadingStore()
        let reopened = try file.persist(next)

        #expect(next.state.notes.lines == ["typed", "loaded", "later"])
        #expect(reopened.notes.isEmpty)
    }
}

extension NotReplayableTests {
    /// Journals a volume and a note with the usual features, and ends without closing: what a
    /// killed process leaves.
    private func journalVolumeAndNoteThenCrash() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: 3))
        store.dispatch(AddNote(line: "journaled"))
        _ = persistence
    }

    @Test("after a crash, an action no feature placed now handles is passed over and noted, the rest restored")
    func featureNotPlacedNow() throws {
        try journalVolumeAndNoteThenCrash()
        let next = makeStore(notes: false)
        let reopened = try file.persist(next)

        #expect(next.state.settings.volume == 3)
        #expect(reopened.notes.count == 1)
        #expect(
            reopened.notes.first?.hasSuffix(
                "that cannot be replayed: NotesFeature.AddNote (no feature here handles it). What it changed is not "
                    + "in the restored state.") == true, "\(reopened.notes)")
        next.add(NotesFeature().at(\.notes, persistedAs: "notes"))
        #expect(next.state.notes.lines.isEmpty, "the part keeps its snapshot value, as Keeping state says")
        try reopened.close()
    }

    @Test("after a crash and an update that changed an action's form, the old action is passed over and noted")
    func actionFormChanged() throws {
        try journalVolumeAndNoteThenCrash()
        // What the next version's `AddNote` would find: its field renamed.
        let url = journal(0, in: directory.url)
        let renamed = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: #""line""#, with: #""text""#)
        try renamed.write(to: url, atomically: true, encoding: .utf8)

        let next = makeStore()
        let reopened = try file.persist(next)

        #expect(next.state.settings.volume == 3)
        #expect(next.state.notes.lines.isEmpty)
        #expect(
            reopened.notes.first?.hasSuffix(
                "that cannot be replayed: NotesFeature.AddNote (its payload does not decode in this version). What it "
                    + "changed is not in the restored state.") == true, "\(reopened.notes)")
        try reopened.close()
    }
}
