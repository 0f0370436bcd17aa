import Foundation
import MultiRedux
import ReduxTimeTravel
import TestHelpers
import Testing

/// Recordings of sessions whose effects call a dependency: replaying and moving through them
/// applies the recorded updates and follow-up actions and never runs the effects again.
@Suite struct EffectReplayTests {
    /// Two look-ups and a restock (whose effect sends a third look-up), each awaited.
    private func playSession(_ store: Store<Shop>) async {
        await store.dispatchAndWait(Fetch(item: 1))
        await store.dispatchAndWait(Restock(item: 2))
        await store.dispatchAndWait(Fetch(item: 3))
    }

    /// Records a session and returns its journal, every state the store's observer saw (the
    /// first one before any action) and the look-ups the session made.
    private func recordSession(file: JournalWriter? = nil) async -> (journal: Journal<Shop>, states: [Shop], calls: Int)
    {
        let lookup = CountingLookup()
        let store = makeShop(lookup)
        let recorder = ActionRecorder(store, snapshotInterval: 4, file: file)
        let states = Recorder<Shop>()
        let token = store.observe { states.append($0) }
        await playSession(store)
        token.cancel()
        recorder.stop()
        return (recorder.journal, states.all, lookup.calls)
    }

    /// The states a fresh shop's observer sees while a journal is replayed into it, and the
    /// look-ups the replay made.
    private func replay(_ journal: Journal<Shop>) throws -> (states: [Shop], calls: Int) {
        let lookup = CountingLookup()
        let store = makeShop(lookup)
        let states = Recorder<Shop>()
        let token = store.observe { states.append($0) }
        try store.replay(journal)
        token.cancel()
        return (states.all, lookup.calls)
    }

    @Test("replaying a recorded session calls no dependency and goes through the recorded states")
    func replayCallsNoDependency() async throws {
        let recorded = await recordSession()
        #expect(recorded.calls == 3)
        #expect(recorded.journal.entries.count == 10)
        #expect(
            recorded.states.last?.catalog
                == Catalog(requested: [1, 2, 3], found: [10, 20, 30], announced: [10, 20, 30]))

        let replayed = try replay(recorded.journal)

        #expect(replayed.calls == 0)
        #expect(replayed.states == recorded.states)
    }

    @Test("moving to every position, stepping back and forward, calls no dependency and shows the recorded states")
    func movesCallNoDependency() async {
        let lookup = CountingLookup()
        let store = makeShop(lookup)
        let recorder = ActionRecorder(store, snapshotInterval: 4)
        let states = Recorder<Shop>()
        let token = store.observe { states.append($0) }
        await playSession(store)
        token.cancel()
        let recorded = states.all
        #expect(lookup.calls == 3)

        for position in [0, 7, 2, 10, 5, 1, 9] {
            recorder.move(to: position)
            #expect(store.state == recorded[position], "at \(position)")
        }
        recorder.returnToPresent()
        for position in (0..<10).reversed() {
            recorder.stepBack()
            #expect(store.state == recorded[position], "back to \(position)")
        }
        for position in 1...10 {
            recorder.stepForward()
            #expect(store.state == recorded[position], "forward to \(position)")
        }

        #expect(lookup.calls == 3)
    }

    @Test("a journal file read back replays with no dependency call, through the states the file recorded")
    func fileReplayCallsNoDependency() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shop.journal").path
        let recorded = await recordSession(file: try JournalWriter(path: path, includesStates: true))

        let reader = makeShop(CountingLookup())
        let read = try Journal<Shop>(contentsOf: path, actions: RecordableActions(reader))
        #expect(read.notes.isEmpty)
        #expect(read.entries.map(\.typeName) == recorded.journal.entries.map(\.typeName))
        #expect((0..<10).map { read.recordedStates[$0] } == recorded.states.dropFirst().map { $0 })

        let replayed = try replay(read)

        #expect(replayed.calls == 0)
        #expect(replayed.states == recorded.states)
    }

    @Test("a journal read from a file, replayed into a recording store, is stepped through entry by entry")
    func stepThroughAReadJournal() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shop.journal").path
        let recorded = await recordSession(file: try JournalWriter(path: path))

        let lookup = CountingLookup()
        let store = makeShop(lookup)
        let recorder = ActionRecorder(store)
        try store.replay(try Journal<Shop>(contentsOf: path, actions: RecordableActions(store)))

        #expect(recorder.journal.entries.map(\.typeName) == recorded.journal.entries.map(\.typeName))
        #expect(store.state == recorded.states.last)
        recorder.move(to: 2)
        #expect(store.state == recorded.states[2])
        for position in [0, 7, 10, 5, 1, 9, 3, 4, 6, 8] {
            recorder.move(to: position)
            #expect(store.state == recorded.states[position], "at \(position)")
        }
        #expect(lookup.calls == 0)
    }

    @Test("a recording knows which action caused each effect's update and follow-up, in memory and in its file")
    func causesAreRecorded() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("shop.journal").path
        let recorded = await recordSession(file: try JournalWriter(path: path))
        // 0 Fetch(1), 1 its update, 2 Found(10), 3 Restock(2), 4 Fetch(2) sent by Restock's effect,
        // 5 its update, 6 Found(20), 7 Fetch(3), 8 its update, 9 Found(30).
        let expected = [1: 0, 2: 0, 4: 3, 5: 4, 6: 4, 8: 7, 9: 7]
        #expect(recorded.journal.causes == expected)

        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            withoutTrace(String($0))
        }
        #expect(lines[1] == #"{"seq":1,"type":"CatalogFeature.Fetch","payload":{"item":1}}"#)
        #expect(lines[3] == #"{"seq":3,"cause":1,"type":"CatalogFeature.Found","payload":{"value":10}}"#)
        #expect(lines[5] == #"{"seq":5,"cause":4,"type":"CatalogFeature.Fetch","payload":{"item":2}}"#)
        #expect(lines[2].hasPrefix(#"{"seq":2,"cause":1,"type":"asyncResult","#))
        let read = try Journal<Shop>(contentsOf: path, actions: RecordableActions(makeShop(CountingLookup())))
        #expect(read.causes == expected)
    }

    @Test(
        "an effect's output is recorded with its cause only while a branch keeps that cause",
        arguments: [(move: 1, causes: [2: 0, 3: 0]), (move: 0, causes: [:])])
    func causesFollowBranches(move position: Int, causes: [Int: Int]) async {
        let gate = AsyncGate()
        let lookup = CountingLookup(gate: gate)
        let store = makeShop(lookup)
        let recorder = ActionRecorder(store)
        let landed = AsyncGate()
        let token = store.observe(select: \.catalog.announced) { if $0.contains(10) { landed.open() } }
        store.dispatch(Fetch(item: 1))  // its look-up waits at the gate
        store.dispatch(Found(value: 7))
        recorder.move(to: position)
        store.dispatch(Found(value: 8))  // a new branch after `position` actions

        gate.open()
        await landed.wait()
        token.cancel()

        let journal = recorder.journal
        #expect(journal.entries.count == position + 3)
        #expect(journal.causes == causes)
    }

    @Test("a journal names a declared action by its feature and type, and reads older module-qualified names")
    func stableNames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old.journal").path
        let old = [
            #"{"journal":"MultiRedux","version":1}"#,
            #"{"seq":1,"type":"\#(String(reflecting: Fetch.self))","payload":{"item":4}}"#,
            #"{"seq":2,"type":"asyncResult","reducer":"R","state":{"catalog":{"requested":[4],"found":[40],"announced":[]}}}"#,
            #"{"seq":3,"type":"\#(String(reflecting: Found.self))","payload":{"value":40}}"#,
        ]
        try (old.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let lookup = CountingLookup()
        let store = makeShop(lookup)

        let read = try Journal<Shop>(contentsOf: path, actions: RecordableActions(store))
        try store.replay(read)

        #expect(read.causes.isEmpty)
        #expect(store.state.catalog == Catalog(requested: [4], found: [40], announced: [40]))
        #expect(lookup.calls == 0)
    }

    @Test("a cause that does not come before its line is a damaged line")
    func causeAfterItsLineIsDamage() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("bad.journal").path
        let lines = [
            #"{"journal":"MultiRedux","version":1}"#,
            #"{"seq":1,"cause":1,"type":"CatalogFeature.Found","payload":{"value":1}}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        #expect {
            try Journal<Shop>(contentsOf: path, actions: RecordableActions(makeShop(CountingLookup())))
        } throws: { error in
            (error as? JournalError)?.kind == .damagedLine(2)
        }
    }

    #if os(Linux) || os(macOS) || os(Windows)
        @Test("a non-Codable action recorded to a file is one warning, naming it and its feature, never a crash")
        func nonCodableActionDoesNotStop() async {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                let directory = try TemporaryDirectory()
                let store = makeDesk(issueReporter: .default)
                let recorder = ActionRecorder(store, file: try JournalWriter(path: directory.file("d.journal").path))
                store.dispatch(Opaque(amount: 1))
                store.dispatch(Add(amount: 1))
                store.dispatch(Opaque(amount: 2))
                recorder.stop()
            }
            let output = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            let lines = output.split(separator: "\n")
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("MultiRedux [notReplayable]: The action ") == true)
            #expect(lines.first?.contains("Opaque (handled by TallyFeature) is not Codable") == true)
        }
    #endif
}
