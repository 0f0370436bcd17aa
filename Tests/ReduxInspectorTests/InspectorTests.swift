import Foundation
import MultiRedux
import ReduxInspector
import ReduxTimeTravel
import Testing

@Suite struct InspectorTests {
    @Test("the recorded session has its entries, journal names and chains of causes")
    func entriesAndCauses() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)

        let entries = try inspector.entries(at: 0..<inspector.count)

        #expect(
            entries.map(\.typeName) == [
                "CounterFeature.Add", "CounterFeature.Note", "CatalogFeature.Fetch", "asyncResult",
                "CatalogFeature.Found", "CounterFeature.Add", "CatalogFeature.Fetch", "asyncResult",
                "CatalogFeature.Found", "CounterFeature.Busy", "CounterFeature.Add",
            ])
        #expect(entries[4].causes == [2])
        #expect(entries[3].causes == [2])
        #expect(entries[0].causes.isEmpty)
        #expect(entries[2].summary == "Fetch(item: 1)")
        #expect(entries.allSatisfy { $0.problem == nil && !$0.isSkipped })
        #expect(inspector.indices(ofType: "CounterFeature.Add") == [0, 5, 10])
        #expect(inspector.typeNames.first == "CounterFeature.Add")
    }

    @Test("an entry has the call site and the time its action was recorded with")
    func siteAndTime() async throws {
        let store = makeDesk(Desk())
        let recorder = ActionRecorder(store)
        let line = #line + 1
        await store.dispatchAndWait(Add(amount: 1))
        recorder.stop()
        let inspector = makeInspector(recorder.journal)

        let entry = try inspector.entry(at: 0)

        #expect(entry.site == "ReduxInspectorTests/InspectorTests.swift:\(line)")
        #expect(entry.time == recorder.journal.times[0])
        #expect(entry.time != nil)
        #expect(try makeInspector(Journal(entries: recorder.journal.entries)).entry(at: 0).site == nil)
    }

    @Test("the state after every entry, computed on demand in any order, equals a full replay")
    func statesOnDemand() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)
        let indices = [10, 0, 7, 3, -1, 9, 1, 2, 4, 5, 6, 8, 10, 9]

        for index in indices {
            let expected = try replayed(journal.entries.prefix(index + 1))
            #expect(try inspector.state(after: index) == expected, "after \(index)")
        }
        #expect(try inspector.state(after: 10).catalog.announced == [10, 20])
    }

    @Test("an index outside the session is refused with the range in the message")
    func outsideTheSession() async throws {
        let inspector = makeInspector(await recordSession())

        #expect(throws: InspectorError.self) { try inspector.state(after: 11) }
        let error = #expect(throws: InspectorError.self) { try inspector.toggle(-1) }
        #expect(error?.message == "There is no entry -1 (entries are 0 to 10).")
    }

    @Test("the diff of an entry lists the field path, the old and the new value")
    func diffOfAnEntry() async throws {
        let inspector = makeInspector(await recordSession())

        #expect(try inspector.changes(at: 5) == [StateChange(path: "counter.total", old: "1", new: "3")])
        #expect(try inspector.changes(at: 9).map(\.description) == [#"counter.mode: .idle → .busy(reason: "saving")"#])
        #expect(
            try inspector.changes(at: 2).map(\.description) == [
                "catalog.requested.count: 0 → 1", "catalog.requested[0]: (absent) → 1",
            ])
    }

    @Test("toggling an action off recomputes every later state as a store that never got it")
    func toggleRecomputesLaterStates() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)
        _ = try inspector.state(after: 10)

        try inspector.toggle(5)

        var withoutIt = journal.entries
        withoutIt.remove(at: 5)
        for index in 5...10 {
            let expected = try replayed(withoutIt.prefix(index))
            #expect(try inspector.state(after: index) == expected, "after \(index)")
        }
        // The recorded async result at 7 sets the whole state recorded then (total 3), and says so.
        #expect(try inspector.state(after: 6).counter.total == 1)
        #expect(try inspector.state(after: 10).counter.total == 6)
        #expect(try inspector.entry(at: 7).problem?.contains("the edit at #5") == true)
        #expect(try inspector.entry(at: 5).isSkipped)
        #expect(try inspector.changes(at: 5).isEmpty)
        #expect(inspector.isEdited)

        try inspector.toggle(5)
        #expect(try inspector.state(after: 10) == replayed(journal.entries))
        #expect(!inspector.isEdited)
    }

    @Test("toggling off an action whose effect handed back a result and a follow-up reports both")
    func toggledCauseIsReported() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)

        try inspector.toggle(2)

        let found = try inspector.entry(at: 4)
        #expect(
            found.problem
                == "It no longer applies cleanly: its cause #2 (CatalogFeature.Fetch) is toggled off, but it is "
                + "replayed as recorded.")
        #expect(try inspector.entry(at: 3).problem?.contains("#2 (CatalogFeature.Fetch) is toggled off") == true)
        #expect(try inspector.entry(at: 7).problem?.contains("async result") == true)
        #expect(try inspector.entry(at: 5).problem == nil)
        // The request is not made; the recorded result sets the state recorded with it back.
        #expect(try inspector.state(after: 2).catalog == Catalog())
        #expect(try inspector.state(after: 4).catalog == Catalog(requested: [1], found: [10], announced: [10]))
    }

    @Test("moving an entry recomputes the states in the new order and reports a cause that now comes after")
    func moveRecomputesAndReports() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)
        _ = try inspector.state(after: 10)

        try inspector.move(from: 10, to: 1)
        var reordered = journal.entries
        reordered.insert(reordered.remove(at: 10), at: 1)
        for index in 0...10 {
            #expect(try inspector.state(after: index) == replayed(reordered.prefix(index + 1)), "after \(index)")
        }
        #expect(try inspector.entry(at: 1).summary == "Add(amount: 3)")
        #expect(try inspector.entry(at: 1).recordedIndex == 10)

        try inspector.move(from: 3, to: 8)
        let found = try inspector.entry(at: 4)
        #expect(found.typeName == "CatalogFeature.Found")
        #expect(found.causes == [8])
        #expect(found.problem?.contains("its cause #8 (CatalogFeature.Fetch) now comes after it") == true)
    }

    @Test("the edited journal leaves toggled-off entries out and keeps the causes still before their effects")
    func editedJournal() async throws {
        let journal = await recordSession()
        let inspector = makeInspector(journal)

        try inspector.toggle(0)
        try inspector.move(from: 6, to: 9)

        let edited = inspector.editedJournal
        #expect(edited.entries.count == 10)
        #expect(edited.causes == [2: 1, 3: 1])
        #expect(try inspector.state(after: 10) == replayed(edited.entries))
    }

    @Test("the state tree shows fields, elements, enum payloads and scalars")
    func stateTree() async throws {
        let inspector = makeInspector(await recordSession())

        let tree = try inspector.stateTree(after: 10)

        #expect(tree.kind == .record)
        #expect(tree.value == "Desk")
        #expect(tree.children.map(\.label) == ["counter", "catalog"])
        let counter = tree.children[0]
        #expect(counter.children[0] == StateNode(label: "total", kind: .scalar, value: "6"))
        #expect(
            counter.children[1]
                == StateNode(
                    label: "log", kind: .collection, value: "Array<String> (1)",
                    children: [StateNode(label: "[0]", kind: .scalar, value: #""a""#)]))
        #expect(
            counter.children[2]
                == StateNode(
                    label: "mode", kind: .enumCase, value: ".busy",
                    children: [StateNode(label: "reason", kind: .scalar, value: #""saving""#)]))
    }

    @Test("a dictionary's entries are sorted by key, an optional shows its value, a long array is cut")
    func treeOfContainers() {
        struct Sample {
            var scores = ["bob": 2, "ann": 1]
            var nickname: String? = nil
            var title: String? = "Dr"
            var many = Array(0..<1_500)
        }

        let tree = StateNode(Sample())

        #expect(tree.children[0].children.map(\.label) == [#"["ann"]"#, #"["bob"]"#])
        #expect(tree.children[1] == StateNode(label: "nickname", kind: .scalar, value: "nil"))
        #expect(tree.children[2] == StateNode(label: "title", kind: .scalar, value: #""Dr""#))
        #expect(tree.children[3].children.count == StateNode.maximumChildren + 1)
        #expect(tree.children[3].value == "Array<Int> (1500)")
        #expect(tree.children[3].children.last?.value == "only the first 1000 are shown")
    }
}
