import MultiRedux
import TestHelpers
import Testing

private struct Waits: State, Equatable {
    var landed = 0
}

/// Starts work under `id` that sleeps until it is cancelled.
private struct StartUnder: Action {
    let id: any Hashable & Sendable
}

/// Cancels the work running under `id`.
private struct CancelUnder: Action {
    let id: any Hashable & Sendable
}

/// Work that waits under the id it is given, and records the id when it sees its cancellation.
private struct WaitingFeature: LogicFeature {
    let cancelled: Recorder<String>

    func injectReducers(container: any ReducerContainer) {
        let cancelled = cancelled
        container.addAsyncReduceFunction { (_, start: StartUnder, _: inout Waits) -> Effect<Waits> in
            let id = start.id
            return .run(id: id) { effect in
                do {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                } catch {
                    cancelled.append("\(type(of: id)) \(id)")
                    return
                }
                effect.update { $0.landed += 1 }
            }
        }
        container.addAsyncReduceFunction { (_, cancel: CancelUnder, _: inout Waits) -> Effect<Waits> in
            .cancel(id: cancel.id)
        }
    }
}

/// Cancellation ids: equal when their values are of one type and equal, as TCA's are.
@Suite struct EffectIDTests {
    private func makeStore(_ cancelled: Recorder<String>, _ issues: IssueCollector) -> Store<Waits> {
        Store(
            initialState: Waits(), features: [WaitingFeature(cancelled: cancelled).at(\.self)],
            issueReporter: issues.reporter)
    }

    @Test("an id made again from an equal value cancels the work started under it")
    func equalValueCancels() async throws {
        let cancelled = Recorder<String>()
        let issues = IssueCollector()
        let store = makeStore(cancelled, issues)
        store.dispatch(StartUnder(id: "search"))
        await store.dispatchAndWait(CancelUnder(id: "search"))
        try #require(await eventually { cancelled.all == ["String search"] })
        #expect(issues.kinds.isEmpty)
    }

    @Test("a value of another type is another id, even one AnyHashable calls equal")
    func otherTypeIsAnotherID() async throws {
        let cancelled = Recorder<String>()
        let issues = IssueCollector()
        let store = makeStore(cancelled, issues)
        #expect(AnyHashable(1) == AnyHashable(1 as Int8))
        store.dispatch(StartUnder(id: 1))
        await store.dispatchAndWait(CancelUnder(id: 1 as Int8))
        #expect(issues.kinds == [.unmatchedCancel])
        #expect(cancelled.all.isEmpty)
        await store.dispatchAndWait(CancelUnder(id: 1))
        try #require(await eventually { cancelled.all == ["Int 1"] })
        #expect(store.state.landed == 0)
    }
}
