import Foundation
import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

// A desk with two features whose work a log-out stops, and steps that must run in order.

private struct Feed: State, Equatable {
    var steps: [String] = []
}

private struct Desk: State, Equatable {
    var news = Feed()
    var mail = Feed()
    var loggedOut = false
}

private struct Follow: Action { var gate: AsyncGate }
private struct LogOut: Action {}
private struct Steps: Action { var gates: [AsyncGate] }
private struct Shout: Action {
    var feed: String
    var text: String
}
private struct Both: Action {}
private struct Quiet: Action {}

private enum FeedEffect { case first, second }

/// A feed whose `Follow` work waits for its gate, then notes it landed; `Steps` runs one step per
/// gate, one after another; `Shout` notes its text.
private struct FeedFeature: LogicFeature {
    let name: String

    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: Follow, _: inout Feed) -> Effect<Feed> in
            .run { effect in
                await action.gate.wait()
                effect.update { $0.steps.append("followed") }
            }
        }
        container.addAsyncReduceFunction { (_, action: Steps, _: inout Feed) -> Effect<Feed> in
            .concatenate(
                .run(id: FeedEffect.first) { effect in
                    effect.update { $0.steps.append("first started") }
                    await action.gates[0].wait()
                    try Task.checkCancellation()
                    effect.update { $0.steps.append("first ended") }
                },
                .send(Shout(feed: name, text: "between")),
                .run(id: FeedEffect.second) { effect in
                    effect.update { $0.steps.append("second started") }
                    await action.gates[1].wait()
                    effect.update { $0.steps.append("second ended") }
                })
        }
        container.addReduceFunction { (_, action: Shout, feed: inout Feed) in
            if action.feed == name { feed.steps.append(action.text) }
        }
        container.addAsyncReduceFunction { (_, _: Both, _: inout Feed) -> Effect<Feed> in
            .merge(.send(Shout(feed: name, text: "one")), .none, .send(Shout(feed: name, text: "two")))
        }
        container.addAsyncReduceFunction { (_, _: Quiet, _: inout Feed) -> Effect<Feed> in
            .cancel(id: FeedEffect.first)
        }
    }
}

private func makeDesk(reporter: IssueReporter = .ignoring) -> Store<Desk> {
    Store(
        initialState: Desk(), features: [FeedFeature(name: "news").at(\.news), FeedFeature(name: "mail").at(\.mail)],
        issueReporter: reporter
    ) { reducers in
        reducers.addAsyncReduceFunction { (_, _: LogOut, desk: inout Desk) -> Effect<Desk> in
            desk.loggedOut = true
            return .merge(.cancel(at: \Desk.news), .cancel(at: \Desk.mail))
        }
    }
}

@Suite(timeLimit(minutes: 3), .testStoreTimeout(.seconds(120))) struct EffectCompositionTests {
    @Test("one root reducer's merged cancels stop the work of two placed features, which stay registered")
    func logOutCancelsEveryFeature() async {
        let store = makeDesk()
        let newsGate = AsyncGate()
        store.dispatch(Follow(gate: newsGate))
        await store.dispatchAndWait(LogOut())
        newsGate.open()
        #expect(store.state.news.steps == [])
        #expect(store.state.mail.steps == [])
        #expect(store.state.loggedOut)
        // Still registered: new work at the same places runs and lands.
        let again = AsyncGate()
        again.open()
        await store.dispatchAndWait(Follow(gate: again))
        #expect(store.state.news.steps == ["followed"])
        #expect(store.state.mail.steps == ["followed"])
    }

    @Test("a cancel of every piece of work at a place no feature is placed at is reported as misuse")
    func cancelAtUnplacedPlace() async {
        let issues = IssueCollector()
        let store = Store(initialState: Desk(), issueReporter: issues.reporter) { reducers in
            reducers.addAsyncReduceFunction { (_, _: LogOut, _: inout Desk) -> Effect<Desk> in
                .cancel(at: \Desk.news)
            }
        }
        await store.dispatchAndWait(LogOut())
        #expect(issues.kinds == [.misuse])
        #expect(issues.issues.first?.message.contains("all its work at") == true)
    }

    @Test("merged effects all happen, in order, and none is skipped")
    func mergeSendsBoth() async {
        let store = makeDesk()
        await store.dispatchAndWait(Both())
        #expect(store.state.news.steps == ["one", "two"])
    }

    @Test("concatenated parts run one after another; the awaited dispatch waits for the last")
    func concatenationRunsInOrder() async throws {
        let store = makeDesk()
        let gates = [AsyncGate(), AsyncGate()]
        let dispatched = Task { await store.dispatchAndWait(Steps(gates: gates)) }
        try #require(await eventually { store.state.news.steps == ["first started"] })
        gates[1].open()  // the second part has not started: its gate being open changes nothing yet
        #expect(store.state.news.steps == ["first started"])
        gates[0].open()
        await dispatched.value
        #expect(
            store.state.news.steps == ["first started", "first ended", "between", "second started", "second ended"])
        #expect(store.state.mail.steps == store.state.news.steps)
    }

    @Test("a TestStore receives what each part of a concatenation hands back, in order")
    func testStoreReceivesEachPart() async {
        let failures = await collectFailures {
            let gates = [AsyncGate(), AsyncGate()]
            gates.forEach { $0.open() }
            let store = TestStore(initialState: Desk(), features: [FeedFeature(name: "news").at(\.news)])
            await store.send(Steps(gates: gates))
            await store.receive(Feed.self) { $0.news.steps = ["first started"] }
            await store.receive(Feed.self) { $0.news.steps.append("first ended") }
            await store.receive(Shout.self) { $0.news.steps.append("between") }
            await store.receive(Feed.self) { $0.news.steps.append("second started") }
            await store.receive(Feed.self) { $0.news.steps.append("second ended") }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("cancelling one part's id ends that part, and the next one starts")
    func cancellingAPartMovesOn() async throws {
        let store = makeDesk()
        let gates = [AsyncGate(), AsyncGate()]
        gates[1].open()
        let dispatched = Task { await store.dispatchAndWait(Steps(gates: gates)) }
        try #require(
            await eventually {
                store.state.news.steps == ["first started"] && store.state.mail.steps == ["first started"]
            })
        store.dispatch(Quiet())
        gates[0].open()
        await dispatched.value
        #expect(store.state.news.steps == ["first started", "between", "second started", "second ended"])
    }

    @Test("cancelling the feature's work stops a concatenation: the part running ends and no other starts")
    func cancellingThePlaceStopsTheSequence() async throws {
        let store = makeDesk()
        let gates = [AsyncGate(), AsyncGate()]
        gates[1].open()
        let dispatched = Task { await store.dispatchAndWait(Steps(gates: gates)) }
        try #require(
            await eventually {
                store.state.news.steps == ["first started"] && store.state.mail.steps == ["first started"]
            })
        await store.dispatchAndWait(LogOut())
        gates[0].open()
        await dispatched.value
        #expect(store.state.news.steps == ["first started"])
        #expect(store.state.mail.steps == ["first started"])
    }
}
