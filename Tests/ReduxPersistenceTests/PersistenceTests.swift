import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel
import TestHelpers
import Testing

// MARK: A small app: settings kept, a game round not

struct Settings: Codable, Equatable, Sendable {
    var volume = 5
}

struct Round: Equatable, Sendable {
    var moves: [String] = []
}

struct Notes: Codable, Equatable, Sendable {
    var lines: [String] = []
}

struct AppState: State, Equatable {
    var settings = Settings()
    var round = Round()
    var notes = Notes()
}

struct SetVolume: Action, Codable { var level: Int }
struct Move: Action, Codable { var name: String }
struct AddNote: Action, Codable { var line: String }

struct SettingsFeature: PersistentFeature {
    typealias PersistedValue = Settings

    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: SetVolume, settings: inout Settings) in
            settings.volume = action.level
        }
    }
}

/// The settings feature of a later app version, which stores the volume as a percentage.
struct SettingsFeatureV2: PersistentFeature {
    struct Settings2: Codable, Equatable, Sendable { var percent = 50 }
    static let persistedVersion = 2

    static func migrate(_ json: Data, fromVersion version: Int) throws -> Settings2 {
        let old = try JSONDecoder().decode(Settings.self, from: json)
        return Settings2(percent: old.volume * 10)
    }

    func injectReducers(container: any ReducerContainer) {}
}

struct RoundFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Move, round: inout Round) in round.moves.append(action.name) }
    }
}

struct NotesFeature: PersistentFeature {
    typealias PersistedValue = Notes

    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: AddNote, notes: inout Notes) in notes.lines.append(action.line) }
    }
}

func makeStore(notes: Bool = true) -> Store<AppState> {
    let features = [
        SettingsFeature().at(\AppState.settings, persistedAs: "settings"), RoundFeature().at(\.round),
    ]
    return Store(
        initialState: AppState(),
        features: features + (notes ? [NotesFeature().at(\.notes, persistedAs: "notes")] : []))
}

@Suite struct PersistenceTests {
    private let directory: TemporaryDirectory
    private let file: StateFile

    init() throws {
        directory = try TemporaryDirectory()
        file = StateFile(url: directory.file("state.json"))
    }

    private func text() throws -> String {
        try String(contentsOf: file.url, encoding: .utf8)
    }

    @Test("the guide's example: a store whose settings are kept, one writer at a time")
    func guideExample() throws {
        let file = StateFile(url: directory.file("state.json"))
        try file.withExclusiveAccess {
            let store = Store(
                initialState: AppState(),
                features: [
                    SettingsFeature().at(\.settings, persistedAs: "settings"),  // kept
                    RoundFeature().at(\.round),  // starts fresh every run
                ])
            let persistence = try file.persist(store)  // the settings as they were saved
            store.dispatch(SetVolume(level: 7))  // in the journal before dispatch returns
            store.dispatch(Move(name: "rock"))
            try persistence.close()  // folded into the snapshot: one file again
        }
        #expect(try text().contains(#""volume":7"#))
    }

    @Test("buffered durability writes the journal at close; what it writes is the same")
    func buffered() throws {
        let store = makeStore()
        let persistence = try file.persist(store, durability: .buffered)
        store.dispatch(SetVolume(level: 6))
        try persistence.close()

        let next = makeStore()
        _ = try file.persist(next)
        #expect(next.state.settings.volume == 6)
    }

    @Test("the parts declared persistent survive the process; the others start fresh and are not written")
    func survives() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: 9))
        store.dispatch(Move(name: "rock"))
        store.dispatch(AddNote(line: "hello"))
        try persistence.close()

        let next = makeStore()
        _ = try file.persist(next)

        #expect(next.state.settings.volume == 9)
        #expect(next.state.notes.lines == ["hello"])
        #expect(next.state.round == Round())
        #expect(!(try text()).contains("rock"))
    }

    @Test("a process that never closes loses nothing confirmed: the journal is replayed")
    func killed() throws {
        do {
            let store = makeStore()
            let persistence = try file.persist(store)
            store.dispatch(SetVolume(level: 3))
            store.dispatch(Move(name: "paper"))
            store.dispatch(AddNote(line: "kept"))
            // The persistence goes away without close(): what a killed process leaves.
            #expect(persistence.journalEntries == 3)
        }
        let next = makeStore()
        _ = try file.persist(next)

        #expect(next.state.settings.volume == 3)
        #expect(next.state.notes.lines == ["kept"])
        #expect(next.state.round == Round(), "a part not declared persistent starts fresh after a crash too")
    }

    @Test("each action is in the journal file before dispatch returns")
    func appendedBeforeReturn() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: 1))

        let journal = directory.file(".state.json.0.journal")
        let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)  // the header and the action
        #expect(lines.last?.contains("SetVolume") == true)
        try persistence.close()
        #expect(!FileManager.default.fileExists(atPath: journal.path), "folded into the snapshot at close")
    }

    @Test("a line torn by a crash is dropped, and what came before it is kept")
    func tornLine() throws {
        do {
            let store = makeStore()
            let persistence = try file.persist(store)
            store.dispatch(SetVolume(level: 4))
            _ = persistence
        }
        let journal = directory.file(".state.json.0.journal")
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"seq":2,"type":"Settin"#.utf8))
        try handle.close()

        let next = makeStore()
        let reopened = try file.persist(next)
        #expect(next.state.settings.volume == 4)
        #expect(reopened.notes.count == 1 && reopened.notes[0].contains("torn"), "\(reopened.notes)")
    }

    @Test("an older version's value is migrated by its feature")
    func migrates() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(SetVolume(level: 7))
        try persistence.close()

        let newer = Store(
            initialState: NewerApp(),
            features: [
                SettingsFeatureV2().at(\.settings, persistedAs: "settings"),
                NotesFeature().at(\.notes, persistedAs: "notes"),
            ])
        let upgraded = try file.persist(newer)
        #expect(newer.state.settings.percent == 70)
        newer.dispatch(AddNote(line: "upgraded"))
        try upgraded.close()
        #expect(try text().contains(#""percent":70"#))
        #expect(try text().contains(#""version" : 2"#))
    }

    @Test("a value from a newer version of its feature is refused, and the file is left untouched")
    func newerRefused() throws {
        let newer = Store(
            initialState: NewerApp(),
            features: [
                SettingsFeatureV2().at(\.settings, persistedAs: "settings"),
                NotesFeature().at(\.notes, persistedAs: "notes"),
            ])
        let persistence = try file.persist(newer)
        newer.dispatch(AddNote(line: "anything"))  // a change to a kept part, so close writes a snapshot
        try persistence.close()
        let before = try Data(contentsOf: file.url)

        #expect {
            _ = try file.persist(makeStore())
        } throws: { error in
            (error as? PersistenceError)?.description.contains(
                "its part settings was written by version 2 of SettingsFeature, newer than the version 1") == true
        }
        #expect(try Data(contentsOf: file.url) == before)
    }

    @Test("a recorder attached to a persisted store is refused; the journal goes on, and recentSession has it")
    func recorderBesidePersistence() throws {
        let issues = IssueCollector()
        let store = Store(
            initialState: AppState(), features: [SettingsFeature().at(\AppState.settings, persistedAs: "settings")],
            issueReporter: issues.reporter)
        let persistence = try file.persist(store)
        let recorder = ActionRecorder(store)
        store.dispatch(SetVolume(level: 8))
        recorder.stop()
        store.dispatch(SetVolume(level: 9))

        #expect(issues.kinds == [.misuse])
        #expect(recorder.journal.entries.isEmpty)
        #expect(persistence.journalEntries == 2)
        #expect(persistence.recentSession?.journal.entries.count == 2)
        try persistence.close()
        let next = makeStore()
        try file.restore(next)
        #expect(next.state.settings.volume == 9)
    }

    @Test("a part no feature claims is kept, unless the app says to drop it")
    func unclaimedKept() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(AddNote(line: "mine"))
        try persistence.close()

        let withoutNotes = makeStore(notes: false)
        let keeping = try file.persist(withoutNotes)
        withoutNotes.dispatch(SetVolume(level: 2))
        try keeping.close()
        #expect(try text().contains("mine"))

        let dropping = try file.persist(makeStore(notes: false), keepsUnclaimed: false)
        try dropping.compactIfDue()
        let stillThere = try text().contains("mine")
        #expect(stillThere, "nothing journaled yet: the file is not rewritten")
        let store2 = makeStore(notes: false)
        let dropping2 = try file.persist(store2, keepsUnclaimed: false)
        store2.dispatch(SetVolume(level: 3))
        try dropping2.close()
        #expect(!(try text()).contains("mine"))
    }

    @Test("a persistent feature added while the store runs is restored from the file when it is added")
    func addedLater() throws {
        let store = makeStore()
        let persistence = try file.persist(store)
        store.dispatch(AddNote(line: "from before"))
        try persistence.close()

        let later = makeStore(notes: false)
        let running = try file.persist(later)
        later.dispatch(SetVolume(level: 8))
        later.add(NotesFeature().at(\.notes, persistedAs: "notes"))
        #expect(later.state.notes.lines == ["from before"])
        later.dispatch(AddNote(line: "after"))
        try running.close()

        let next = makeStore()
        _ = try file.persist(next)
        #expect(next.state.notes.lines == ["from before", "after"])
        #expect(next.state.settings.volume == 8)
    }

    @Test("the journal is folded into a snapshot once it reaches the threshold")
    func compaction() throws {
        let store = makeStore()
        let persistence = try file.persist(store, compactionThreshold: 3)
        store.dispatch(SetVolume(level: 1))
        #expect(try !persistence.compactIfDue())
        store.dispatch(SetVolume(level: 2))
        store.dispatch(SetVolume(level: 3))
        #expect(try persistence.compactIfDue())
        #expect(persistence.journalEntries == 0)
        #expect(try text().contains(#""journalGeneration" : 1"#))
        store.dispatch(SetVolume(level: 4))

        let next = makeStore()
        _ = try file.persist(next)
        #expect(next.state.settings.volume == 4)
    }

    @Test("a corrupt file is reported with its path and left untouched; an empty one is a fresh start")
    func corrupt() throws {
        try Data("[1, 2]".utf8).write(to: file.url)
        #expect(
            throws: PersistenceError.corrupt(
                path: file.path, reason: "it holds a JSON array where a state file holds an object")
        ) {
            _ = try file.persist(makeStore())
        }
        #expect(try text() == "[1, 2]")
        #expect(!FileManager.default.fileExists(atPath: directory.file(".state.json.0.journal").path))

        try Data().write(to: file.url)
        let store = makeStore()
        _ = try file.persist(store)
        #expect(store.state == AppState())
    }
}

/// The state of a later app version.
struct NewerApp: State, Equatable {
    var settings = SettingsFeatureV2.Settings2()
    var notes = Notes()
}
