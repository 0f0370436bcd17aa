import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

@testable import ReduxInspector

@Suite struct HTMLExportTests {
    @Test("the HTML export embeds the entries, states and changes, and loads nothing from the network")
    func exportIsSelfContained() async throws {
        let inspector = makeInspector(await recordSession())
        let directory = try TemporaryDirectory()
        let path = directory.file("session.html").path

        try inspector.writeHTML(to: path)

        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains(#"<script id="session-data" type="application/json">"#))
        #expect(html.contains(#""typeName":"CatalogFeature.Found""#))
        #expect(html.contains(#""path":"counter.total""#))
        #expect(html.contains(#"\"saving\""#))
        #expect(html.contains("Content-Security-Policy"))
        for external in ["http:", "https:", "//cdn", "src=", "@import", "url("] {
            #expect(!html.contains(external), "\(external)")
        }
        #expect(!html.contains(#""trimmed""#))
    }

    @Test("an export of a longer session than the limit says in the page that states were left out")
    func trimmedExportSaysSo() async throws {
        let inspector = makeInspector(await recordSession())
        let directory = try TemporaryDirectory()
        let path = directory.file("session.html").path

        try inspector.writeHTML(to: path, embeddingStatesUpTo: 4)

        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("holds the states of the first 4 of 11 actions"))
        #expect(html.contains(#""typeName":"CounterFeature.Add""#))
    }

    @Test("data that looks like markup cannot end the embedded script")
    func markupInDataIsEscaped() async throws {
        let store = makeDesk(Desk())
        let recorder = ActionRecorder(store)
        await store.dispatchAndWait(Note(text: "</script><script>alert(1)</script>"))
        recorder.stop()
        let inspector = makeInspector(recorder.journal)
        let directory = try TemporaryDirectory()
        let path = directory.file("session.html").path

        try inspector.writeHTML(to: path)

        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!html.contains("alert(1)</script>"))
        #expect(html.contains(#"\u003c\/script>"#))
    }
}

/// How an HTML export of a long history is written: entry by entry, each at the cost of what it
/// changed.
@Suite struct LongHistoryExportTests {
    /// An inspector on a session of `count` notes, each appended to the counter's log.
    private func notes(_ count: Int) -> Inspector<Desk> {
        makeInspector(Journal(entries: (0..<count).map { .action(Note(text: "line \($0)")) }), checkpointInterval: 256)
    }

    /// How many values the export of the first `count` notes reflected.
    private func reflected(exporting count: Int) -> Int {
        notes(count).exportedPage(embeddingStatesUpTo: .max).reflected
    }

    @Test("an entry that appends to a history costs the export as many reflected values, however long the history")
    func reflectionsPerEntryDoNotGrow() {
        // Below and above the 1,000 elements a tree shows.
        let early = reflected(exporting: 200) - reflected(exporting: 100)
        let late = reflected(exporting: 1_300) - reflected(exporting: 1_200)

        #expect(early > 0)
        #expect(late > 0)
        // Past the elements a tree shows, an appended note is not reflected for the tree: fewer.
        #expect(late <= early, "100 entries cost \(early) values after 100 notes, \(late) after 1,200")
    }

    @Test("an export holds one state at a time: it keeps none of those it walks through as a checkpoint")
    func exportKeepsNoCheckpoints() throws {
        let inspector = notes(1_100)
        _ = inspector.exportedPage(embeddingStatesUpTo: .max)
        // Each state it passed would hold a copy of the growing log: 4 of them here, 78 in a
        // 10,000-round game, which was a third of that export's memory.
        #expect(inspector.checkpoints.compactMap { $0 }.count == 1)
        // What the server asks for later is still there, replayed when asked.
        #expect(try inspector.state(after: 1_099).counter.log.count == 1_100)
    }

    @Test("the export's changes are the inspector's, and its patches make every state's tree")
    func patchesAndChangesOfALongHistory() throws {
        let inspector = notes(1_100)
        let session = inspector.embeddedSession(embeddingStatesUpTo: .max).session
        var tree = session.checkpoints[0]

        for index in 0..<inspector.count {
            tree = TreePatch.applying(session.patches[index], to: tree)
            if (index + 1) % session.interval == 0 {
                #expect(tree == session.checkpoints[(index + 1) / session.interval], "#\(index)")
            }
            guard index % 100 == 0 || index >= 995 else { continue }
            try #expect(session.changes[index] == inspector.changes(at: index), "#\(index)")
            try #expect(tree == StateNode(inspector.state(after: index)), "#\(index)")
        }
    }

    @Test("an export walked in parts side by side is the export walked in one, entries toggled off included")
    func partsWalkAsOne() throws {
        let inspector = notes(6_100)
        // Parts of 2,500 entries when there are three, of 3,500 when there are two.
        try inspector.toggle(2_499)  // the last entry of the first of three parts
        try inspector.toggle(3_500)  // the first of the second of two
        try inspector.move(from: 10, to: 5_000)  // to the first of the third of three

        let whole = inspector.walkStates(count: 6_100, parts: 1)
        #expect(whole.patches.count == 6_100)
        #expect(whole.trees.count == 6_100 / Inspector<Desk>.exportCheckpointInterval + 1)
        for parts in [2, 3] {
            let walked = inspector.walkStates(count: 6_100, parts: parts)
            #expect(walked.patches == whole.patches, "\(parts) parts")
            #expect(walked.changes == whole.changes, "\(parts) parts")
            #expect(walked.trees == whole.trees, "\(parts) parts")
        }
        // A part starts where the one before ends, whatever the states it passes hold.
        let shorter = inspector.walkStates(count: 5_999, parts: 3)
        #expect(shorter.changes == Array(whole.changes.prefix(5_999)))
        #expect(shorter.trees == Array(whole.trees.prefix(12)))
    }

    /// A state of every shape the walk meets: a dictionary, a set, an optional record, an enum
    /// with a payload, arrays of records, of arrays and of a type that is not `Equatable`, a
    /// value with its own description, an instance of a class, an optional array.
    struct Shapes: State, Equatable {
        struct Item: Equatable {
            var name: String
            var tags: [String]
        }
        struct Plain {
            var value: Int
        }
        struct Stamp: Equatable, CustomStringConvertible {
            var ticks: Int
            var description: String { "t+\(ticks)" }
        }
        final class Box: Sendable {
            let value: Int
            let label: String
            init(value: Int) {
                self.value = value
                label = "box \(value / 2)"
            }
        }
        var counts: [String: Int] = [:]
        var seen: Set<Int> = []
        var last: Item?
        var mode = Mode.idle
        var items: [Item] = []
        var grid: [[Int]] = [[]]
        var plain: [Plain] = []
        var stamp = Stamp(ticks: 0)
        var box = Box(value: 0)
        var pending: [Int]?

        static func == (one: Shapes, other: Shapes) -> Bool {
            one.counts == other.counts && one.seen == other.seen && one.last == other.last
                && one.mode == other.mode && one.items == other.items && one.grid == other.grid
                && one.plain.map(\.value) == other.plain.map(\.value) && one.stamp == other.stamp
                && one.box === other.box && one.pending == other.pending
        }
    }

    struct Step: Action, Equatable {
        var number: Int
    }

    @Test("the export's changes are the inspector's for states of every shape, step by step")
    func changesOfEveryShape() throws {
        let makeStore: @Sendable (Shapes) -> Store<Shapes> = { state in
            Store(initialState: state) { container in
                container.addReduceFunction { (_, action: Step, state: inout Shapes) in
                    let number = action.number
                    state.counts["k\(number % 3)", default: 0] += number
                    state.seen.insert(number % 4)
                    if number % 2 == 0 { state.last = Shapes.Item(name: "n\(number)", tags: ["t"]) }
                    state.mode = number % 3 == 0 ? .busy(reason: "r\(number)") : .idle
                    if number % 2 == 1, !state.items.isEmpty { state.items[0].tags.append("x\(number)") }
                    state.items.append(Shapes.Item(name: "i\(number)", tags: []))
                    state.grid[state.grid.count - 1].append(number)
                    if number % 4 == 3 { state.grid.append([]) }
                    state.plain.append(Shapes.Plain(value: number))
                    if number == 5 { state.items.removeFirst() }
                    state.stamp.ticks += number % 2
                    if number % 3 != 1 { state.box = Shapes.Box(value: number) }
                    state.pending = number % 4 == 2 ? nil : (state.pending ?? []) + [number]
                }
            }
        }
        let journal = Journal<Shapes>(entries: (0..<12).map { .action(Step(number: $0)) })
        let inspector = Inspector(journal: journal, initialState: Shapes(), makeStore: makeStore)
        let session = inspector.embeddedSession(embeddingStatesUpTo: .max).session
        var tree = session.checkpoints[0]

        for index in 0..<inspector.count {
            tree = TreePatch.applying(session.patches[index], to: tree)
            try #expect(session.changes[index] == inspector.changes(at: index), "#\(index)")
            try #expect(tree == StateNode(inspector.state(after: index)), "#\(index)")
        }
    }

    @Test("the embedded JSON is what JSONEncoder writes for the session, a < in the data escaped")
    func embeddedJSONIsTheSessionEncoded() async throws {
        let inspector = makeInspector(await recordSession())
        let session = inspector.embeddedSession(embeddingStatesUpTo: 4).session
        var written = ExportJSON()
        written.append(session)

        let text = String(decoding: written.data, as: UTF8.self)
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(session)) as? NSDictionary
        let streamed = try JSONSerialization.jsonObject(with: written.data) as? NSDictionary
        #expect(streamed != nil)
        #expect(streamed == encoded)
        #expect(text.contains(#""trimmed":"#))
        #expect(text.contains(#"Array\u003cInt> (0)"#))
        #expect(!text.contains("<"))
    }

    @Test("a string with quotes, backslashes, control characters, markup and emoji reads back as it was")
    func stringsReadBackAsTheyWere() throws {
        let tricky = "say \"hi\" \\ a/b\n\r\t\u{01}\u{1F}</script> é 👍🏽"
        var written = ExportJSON()
        StateChange(path: tricky, old: "", new: "<").write(to: &written)

        let text = String(decoding: written.data, as: UTF8.self)
        let read = try #require(try JSONSerialization.jsonObject(with: written.data) as? [String: String])
        #expect(read == ["path": tricky, "old": "", "new": "<"])
        #expect(!text.contains("<"))
        #expect(text.contains(#"\u0001"#))
        // As JSONEncoder writes them: lowercase hex, a slash escaped.
        #expect(text.contains(#"\u001f\u003c\/script>"#))
    }

    @Test("whole trees are kept further apart when they are large, so that they cost a few nodes per entry")
    func largeTreesFurtherApart() {
        let small = (0...4).map { _ in StateNode(Desk()) }
        #expect(Inspector<Desk>.checkpoints(among: small).interval == 500)
        #expect(Inspector<Desk>.checkpoints(among: small).trees.count == 5)

        let large = StateNode(Array(repeating: Array(repeating: 1, count: 9), count: 1_000))
        let chosen = Inspector<Desk>.checkpoints(among: Array(repeating: large, count: 9))
        // 10,001 nodes: at most 8 per entry is a tree every 1,500 entries.
        #expect(large.nodeCount == 10_001)
        #expect(chosen.interval == 1_500)
        #expect(chosen.trees.count == 3)
    }
}

/// The export as Chromium shows it.
@Suite struct HTMLExportPageTests {
    /// A state with a set, whose elements have no label.
    struct Tags: State, Codable, Equatable {
        var names: Set<String> = []
    }

    struct AddTag: Action, Codable, Equatable {
        var name: String
    }

    struct TagFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReduceFunction { (_, action: AddTag, state: inout Tags) in
                state.names.insert(action.name)
            }
        }
    }

    @Test(
        "a set's elements show without a label, and a time no date holds shows nothing, not NaN",
        .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
    func setElementsAndTimes() async throws {
        let makeStore: @Sendable (Tags) -> Store<Tags> = {
            Store(initialState: $0, features: [TagFeature().at(\.self)])
        }
        let store = makeStore(Tags())
        let recorder = ActionRecorder(store)
        store.dispatch(AddTag(name: "blue"))
        store.dispatch(AddTag(name: "green"))
        recorder.stop()
        var journal = recorder.journal
        journal.times[1] = 1e300  // beyond any date
        let directory = try TemporaryDirectory()
        let file = directory.file("tags.html")
        try Inspector(journal: journal, initialState: Tags(), makeStore: makeStore).writeHTML(to: file.path)

        let html = try await onOwnThread {
            try Browser.dumpDOM(URL(string: file.absoluteString + "#select=1&open=names")!)
        }

        #expect(html.contains("\"blue\""))
        #expect(html.contains("\"green\""))
        #expect(!html.contains("<span class=\"label\"></span>"))
        #expect(!html.contains(": <span class=\"\">\"blue\""))
        #expect(!html.contains("NaN"))
        #expect(html.contains("<span class=\"time\">"), "the first action's time is shown")
    }

    @Test(
        "an export cut short says on the page that it cannot be read, rather than showing buttons that do nothing",
        .enabled(if: Browser.missing == nil, "\(Browser.missing ?? "")"))
    func cutShortSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("session.html")
        try makeInspector(await recordSession()).writeHTML(to: file.path)
        let html = try String(contentsOf: file, encoding: .utf8)
        // The embedded JSON ends half-way, as a copy that stopped or a file too large to read.
        let data = try #require(html.range(of: #"<script id="session-data" type="application/json">"#))
        let cut =
            html[..<html.index(data.upperBound, offsetBy: 200)] + "</script>"
            + html[try #require(html.range(of: "</script>", range: data.upperBound..<html.endIndex)).upperBound...]
        try String(cut).write(to: file, atomically: true, encoding: .utf8)

        let page = try await onOwnThread { try Browser.dumpDOM(file) }

        #expect(page.contains("This export cannot be read ("))
        #expect(page.contains("open the recording with the inspector"))
    }
}
