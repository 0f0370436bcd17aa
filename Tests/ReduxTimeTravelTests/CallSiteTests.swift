import Foundation
import MultiRedux
import ReduxShared
import ReduxTimeTravel
import TestHelpers
import Testing

/// Call sites and times: a recorder keeps where each action was sent and when it was applied,
/// writes them to its file and reads them back (issue 22).
@Suite struct CallSiteTests {
    private let file = "ReduxTimeTravelTests/CallSiteTests.swift"

    @Test("a recorded dispatch carries the file and line of its call, in memory, in the file and read back")
    func dispatchSite() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("desk.journal").path
        let store = makeDesk()
        let recorder = ActionRecorder(store, file: try JournalWriter(path: path))
        let dispatched = #line + 1
        store.dispatch(Add(amount: 1))
        let awaited = #line + 1
        await store.dispatchAndWait(Note(text: "n"))
        let dispatcher: any ActionDispatcher = store
        let throughProtocol = #line + 1
        dispatcher.dispatch(Add(amount: 2))
        let plain: (any Action) -> Void = store.dispatch
        plain(Add(amount: 3))
        recorder.stop()

        let expected = [
            0: "\(file):\(dispatched)", 1: "\(file):\(awaited)", 2: "\(file):\(throughProtocol)",
        ]
        #expect(recorder.journal.sites == expected)
        let line = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[1]
        #expect(line.contains(#","site":"\#(file):\#(dispatched)","time":"#))
        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)
        #expect(read.sites == expected)
        #expect(read.times.count == 4)
    }

    @Test("an effect's follow-up carries its send's site; an async reducer's result, its action's")
    func effectSites() async throws {
        let store = makeShop(CountingLookup())
        let recorder = ActionRecorder(store)
        let fetched = #line + 1
        await store.dispatchAndWait(Fetch(item: 1))
        let desk = makeDesk()
        let deskRecorder = ActionRecorder(desk)
        let loaded = #line + 1
        await desk.dispatchAndWait(Load(item: 4))
        recorder.stop()
        deskRecorder.stop()

        // 0 Fetch, 1 its effect's update, 2 the Found it sends.
        let sites = recorder.journal.sites
        #expect(sites[0] == "\(file):\(fetched)")
        #expect(sites[1]?.hasPrefix("ReduxTimeTravelTests/EffectFixtures.swift:") == true)
        #expect(sites[2]?.hasPrefix("ReduxTimeTravelTests/EffectFixtures.swift:") == true)
        #expect(sites[1] != sites[2])
        // 0 Load, 1 the result its async reducer returned: attributed to the Load.
        #expect(deskRecorder.journal.sites == [0: "\(file):\(loaded)", 1: "\(file):\(loaded)"])
    }

    @Test("times are recorded for every entry and never decrease")
    func timesNeverDecrease() async throws {
        let before = Date().timeIntervalSince1970 * 1_000
        let store = makeShop(CountingLookup())
        let recorder = ActionRecorder(store)
        for item in 1...20 {
            await store.dispatchAndWait(Fetch(item: item))
        }
        recorder.stop()
        let after = Date().timeIntervalSince1970 * 1_000

        let journal = recorder.journal
        let times = (0..<journal.entries.count).compactMap { journal.times[$0] }
        #expect(times.count == journal.entries.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(times.first.map { $0 >= before - 1 } == true)
        #expect(times.last.map { $0 <= after + 1 } == true)
    }

    @Test("a journal written before sites and times were reads, without them, and replays")
    func oldJournalReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("old.journal").path
        try Data(
            (#"{"journal":"MultiRedux","version":1}"# + "\n"
                + #"{"seq":1,"type":"TallyFeature.Add","payload":{"amount":2}}"# + "\n"
                + #"{"seq":2,"type":"TallyFeature.Note","payload":{"text":"x"}}"# + "\n").utf8
        ).write(to: URL(fileURLWithPath: path))

        let read = try Journal<Desk>(contentsOf: path, actions: deskActions)

        #expect(read.entries.count == 2)
        #expect(read.sites.isEmpty)
        #expect(read.times.isEmpty)
        let store = makeDesk()
        try store.replay(read)
        #expect(store.state.tally.total == 2)
    }

    @Test("a branch drops the sites and times of the entries it replaces")
    func branchDropsSites() throws {
        let store = makeDesk()
        let recorder = ActionRecorder(store)
        store.dispatch(Add(amount: 1))
        store.dispatch(Add(amount: 2))
        recorder.move(to: 1)
        let branched = #line + 1
        store.dispatch(Add(amount: 5))
        recorder.stop()

        let journal = recorder.journal
        #expect(journal.entries.count == 2)
        #expect(journal.sites[1] == "\(file):\(branched)")
        #expect(journal.times.count == 2)
    }
}
