import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel
import ReduxUI
import TestHelpers
import Testing

/// A line of a ledger, a row of its list.
private struct Entry: Identifiable, Equatable, Codable, Sendable {
    var id: Int
    var text = ""
}

/// A screen of the ledger's navigation stack.
private struct Screen: Equatable, Codable, Sendable {
    var note = ""
}

/// A presented draft.
private struct Draft: Equatable, Codable, Sendable {
    var text = ""
}

/// A colour that is not `Codable`: a write of it cannot be named by its value.
private struct Tint: Equatable, Sendable {
    var name: String
}

/// A ledger whose title, rows, screens and draft a view binds; `archive` is a collection it does
/// not list, so a write through one of its rows cannot be named.
private struct Ledger: BindableState, Equatable {
    var title = ""
    var entries: IdentifiedArrayOf<Entry> = [Entry(id: 1), Entry(id: 2)]
    var archive: IdentifiedArrayOf<Entry> = [Entry(id: 9)]
    var path = StackState<Screen>([Screen(), Screen()])
    var draft: Draft? = Draft()
    var tint = Tint(name: "red")

    static var bindableFields: [AnyKeyPath & Sendable] {
        [
            \Ledger.title, \Ledger.entries, \Ledger.path, \Ledger.draft, \Ledger.tint, \Entry.text, \Screen.note,
            \Draft.text,
        ]
    }
}

extension Ledger: Codable {
    private enum CodingKeys: String, CodingKey {
        case title, entries, archive, path, draft, tint
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        entries = try container.decode(IdentifiedArrayOf<Entry>.self, forKey: .entries)
        archive = try container.decode(IdentifiedArrayOf<Entry>.self, forKey: .archive)
        path = try container.decode(StackState<Screen>.self, forKey: .path)
        draft = try container.decodeIfPresent(Draft.self, forKey: .draft)
        tint = Tint(name: try container.decode(String.self, forKey: .tint))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(entries, forKey: .entries)
        try container.encode(archive, forKey: .archive)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(draft, forKey: .draft)
        try container.encode(tint.name, forKey: .tint)
    }
}

/// A card that lists its own field, with a feature placed at each card of a board.
private struct Card: BindableState, Identifiable, Equatable, Codable {
    var id: Int
    var title = ""

    static var bindableFields: [AnyKeyPath & Sendable] { [\Card.title] }
}

private struct Board: State, Equatable, Codable {
    var cards: IdentifiedArrayOf<Card> = [Card(id: 1), Card(id: 2)]
}

private struct CardFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: Card.self)
    }
}

private func board() -> Store<Board> {
    Store(initialState: Board(), features: [CardFeature().forEach(\.cards)])
}

private struct Office: State, Equatable, Codable {
    var ledger = Ledger()
}

private func office() -> Store<Office> {
    Store(initialState: Office(), features: [BindingFeature<Ledger>().at(\.ledger)])
}

/// The lines after the header of a journal file, parsed.
private func journalLines(at path: String) throws -> [[String: Any]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").dropFirst().map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}

/// Records writes to a store into a journal file.
///
/// - Returns: The file's path.
private func record<Root: State>(
    into directory: TemporaryDirectory, _ store: Store<Root>, _ writes: (Store<Root>) -> Void
) throws -> String {
    let path = directory.file("\(Root.self).journal").path
    let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
    writes(store)
    recorder.stop()
    return path
}

/// Records writes into a journal file, then replays the file into a new store.
///
/// - Returns: The recorded store's state, the replayed store's, and the file's lines.
private func recordAndReplay(
    _ writes: (Store<Office>) -> Void
) throws -> (
    recorded: Office, replayed: Office, lines: [[String: Any]]
) {
    let directory = try TemporaryDirectory()
    return try withExtendedLifetime(directory) {
        let store = office()
        let path = try record(into: directory, store, writes)
        let replayed = office()
        try replayed.replay(try Journal<Office>(contentsOf: path, actions: RecordableActions(replayed)))
        return (store.state, replayed.state, try journalLines(at: path))
    }
}

/// Persists a store's writes to a state file and leaves it without closing, as a crash does.
///
/// - Returns: The state the writes left.
private func persistWithoutClosing(_ file: StateFile, _ writes: (Store<Office>) -> Void) throws -> Office {
    try file.withExclusiveAccess {
        let store = Store(
            initialState: Office(), features: [BindingFeature<Ledger>().at(\.ledger, persistedAs: "ledger")])
        let persistence = try file.persist(store)
        writes(store)
        // No close: the next run reads the writes from the journal.
        _ = persistence
        return store.state
    }
}

/// Opens a state file again, in a new store.
///
/// - Returns: The state restored, and the notes of what was passed over.
private func reopen(_ file: StateFile) throws -> (state: Office, notes: [String]) {
    try file.withExclusiveAccess {
        let store = Store(
            initialState: Office(), features: [BindingFeature<Ledger>().at(\.ledger, persistedAs: "ledger")])
        let persistence = try file.persist(store)
        let notes = persistence.notes
        try persistence.close()
        return (store.state, notes)
    }
}

/// A binding write journaled as its field and value, not as the state it leaves.
@Suite struct BindingJournalFieldTests {
    @Test("a write of a root field is journaled as the field's name and the value, and replays")
    func rootField() throws {
        let run = try recordAndReplay { $0.dispatch(BindingAction<Ledger>.set(\.title, "Trip")) }
        #expect(run.replayed == run.recorded)
        #expect(run.replayed.ledger.title == "Trip")
        let line = try #require(run.lines.first)
        #expect(line["state"] == nil)
        let payload = try #require(line["payload"] as? [String: Any])
        #expect(payload["field"] as? String == #"\Ledger.title"#)
        #expect(payload["value"] as? String == "Trip")
        #expect(payload["through"] == nil)
    }

    @Test("a write through a row of an identified array names the collection and the row's id")
    func identifiedArrayRow() throws {
        let run = try recordAndReplay {
            $0.dispatch(BindingAction<Ledger>.set(\.entries, id: 2, \Entry.text, "Coffee"))
        }
        #expect(run.replayed == run.recorded)
        #expect(run.replayed.ledger.entries[id: 2]?.text == "Coffee")
        #expect(run.replayed.ledger.entries[id: 1]?.text == "")
        let payload = try #require(run.lines.first?["payload"] as? [String: Any])
        #expect(payload["field"] as? String == #"\Entry.text"#)
        let place = try #require((payload["through"] as? [[String: Any]])?.first)
        #expect(place["place"] as? String == #"\Ledger.entries"#)
        #expect(place["id"] as? Int == 2)
    }

    @Test("a write through a stack element names the stack and the element's id")
    func stackElement() throws {
        let top = try #require(Ledger().path.ids.last)
        let run = try recordAndReplay { $0.dispatch(BindingAction<Ledger>.set(\.path, id: top, \Screen.note, "Paid")) }
        #expect(run.replayed == run.recorded)
        #expect(run.replayed.ledger.path[id: top]?.note == "Paid")
        #expect(run.replayed.ledger.path.first?.note == "")
        #expect(run.lines.first?["state"] == nil)
        let payload = try #require(run.lines.first?["payload"] as? [String: Any])
        #expect((payload["through"] as? [[String: Any]])?.first?["place"] as? String == #"\Ledger.path"#)
    }

    @Test("a write through an optional child names the child, and replays only while it is there")
    func optionalChild() throws {
        let run = try recordAndReplay { store in
            store.dispatch(BindingAction<Ledger>.set(\.draft, \Draft.text, "Lunch"))
            store.dispatch(BindingAction<Ledger>.set(\.draft, nil))
            store.dispatch(BindingAction<Ledger>.set(\.draft, \Draft.text, "gone"))
        }
        #expect(run.replayed == run.recorded)
        #expect(run.replayed.ledger.draft == nil)
        #expect(run.lines.count == 3)
        #expect(run.lines.allSatisfy { $0["state"] == nil && $0["payload"] != nil })
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Test("writes through scopes of a row and of a presented child are journaled as fields")
    func writesThroughScopes() throws {
        let run = try recordAndReplay { store in
            let ledger = store.scope(\.ledger)
            ledger.scope(\.entries, id: 1)?.text = "Rent"
            ledger.scope(\.draft)?.text = "Tea"
        }
        #expect(run.replayed == run.recorded)
        #expect(run.replayed.ledger.entries[id: 1]?.text == "Rent")
        #expect(run.replayed.ledger.draft?.text == "Tea")
        #expect(run.lines.count == 2)
        #expect(run.lines.allSatisfy { $0["state"] == nil && $0["payload"] != nil }, "\(run.lines)")
    }

    @Test("a write that cannot be named falls back to the state it leaves, and replays the same")
    func fallbacks() throws {
        let run = try recordAndReplay { store in
            // A value that is not Codable.
            store.dispatch(BindingAction<Ledger>.set(\.tint, Tint(name: "blue")))
            // A row of a collection that bindableFields does not list.
            store.dispatch(BindingAction<Ledger>.set(\.archive, id: 9, \Entry.text, "old"))
        }
        #expect(run.replayed == run.recorded)
        #expect(run.replayed.ledger.tint.name == "blue")
        #expect(run.replayed.ledger.archive[id: 9]?.text == "old")
        #expect(run.lines.count == 2)
        #expect(run.lines.allSatisfy { $0["state"] != nil && $0["payload"] == nil })
    }

    @Test("a write addressed to an element whose own feature applies it is journaled as the state it leaves")
    func addressedToAnElementsFeature() throws {
        let directory = try TemporaryDirectory()
        let store = board()
        let path = try record(into: directory, store) { store in
            store.dispatch(BindingAction<Card>.set(\.title, "Plan"), to: \.cards, id: 2)
        }
        let replayed = board()
        try replayed.replay(try Journal<Board>(contentsOf: path, actions: RecordableActions(replayed)))
        #expect(replayed.state == store.state)
        #expect(replayed.state.cards[id: 2]?.title == "Plan")
        #expect(try journalLines(at: path).allSatisfy { $0["state"] != nil })
    }

    @Test("a journal that names a field the state no longer lists is refused, naming the field")
    func changedFieldsAreAnError() throws {
        let directory = try TemporaryDirectory()
        let path = try record(into: directory, office()) { store in
            store.dispatch(BindingAction<Ledger>.set(\.title, "Trip"))
            store.dispatch(BindingAction<Ledger>.set(\.entries, id: 2, \Entry.text, "Coffee"))
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changes = [
            (#"\\Ledger.title"#, #"\\Ledger.heading"#, "which Ledger.bindableFields does not list"),
            (#"\\Ledger.entries"#, #"\\Ledger.title"#, "which is not an identified collection"),
        ]
        for (recorded, changed, reason) in changes {
            #expect(text.contains(recorded))
            let older = directory.file("older.journal").path
            try text.replacingOccurrences(of: recorded, with: changed).write(
                toFile: older, atomically: true, encoding: .utf8)
            let error = #expect(throws: (any Error).self) {
                try Journal<Office>(contentsOf: older, actions: RecordableActions(office()))
            }
            #expect(error.map { "\($0)" }?.contains(reason) == true, "\(error.map { "\($0)" } ?? "")")
        }
    }

    @Test("a state file reopened replays the writes its journal holds as fields")
    func stateFileReopens() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        let top = try #require(Ledger().path.ids.last)
        let recorded = try persistWithoutClosing(file) { store in
            store.dispatch(BindingAction<Ledger>.set(\.title, "Trip"))
            store.dispatch(BindingAction<Ledger>.set(\.entries, id: 1, \Entry.text, "Rent"))
            store.dispatch(BindingAction<Ledger>.set(\.path, id: top, \Screen.note, "Paid"))
            store.dispatch(BindingAction<Ledger>.set(\.draft, \Draft.text, "Tea"))
            store.dispatch(BindingAction<Ledger>.set(\.tint, Tint(name: "green")))
        }
        #expect(try reopen(file).state == recorded)
    }

    @Test("a state file whose journal names a field the state no longer lists passes that write over, saying so")
    func stateFilePassesOverChangedFields() throws {
        let directory = try TemporaryDirectory()
        let file = StateFile(url: directory.file("state.json"))
        _ = try persistWithoutClosing(file) { store in
            store.dispatch(BindingAction<Ledger>.set(\.title, "Trip"))
            store.dispatch(BindingAction<Ledger>.set(\.entries, id: 1, \Entry.text, "Rent"))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        let journal = directory.file(try #require(names.first { $0.hasSuffix(".journal") })).path
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        try text.replacingOccurrences(of: #"\\Ledger.title"#, with: #"\\Ledger.heading"#).write(
            toFile: journal, atomically: true, encoding: .utf8)
        let reopened = try reopen(file)
        #expect(reopened.state.ledger.title == "", "not written to another field")
        #expect(reopened.state.ledger.entries[id: 1]?.text == "Rent")
        #expect(reopened.notes.joined().contains("does not decode"), "\(reopened.notes)")
    }
}
