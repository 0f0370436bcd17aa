import MultiRedux
import ReduxShared
import Testing

@testable import ReduxReducers

/// A sink that keeps what effect work hands it: what a store would land, without a store.
private final class RecordingSink: EffectSink, @unchecked Sendable {
    let issueReporter = IssueReporter.default
    private let lock = Lock()
    private var delivered: [(action: any Action, isChange: Bool, site: CallSite?)] = []
    private var failures: [(error: any Error, hadHandler: Bool)] = []

    var deliveries: [(action: any Action, isChange: Bool, site: CallSite?)] { lock.withLock { delivered } }
    var failed: [(error: any Error, hadHandler: Bool)] { lock.withLock { failures } }

    func deliver(_ action: any Action, from effect: any RunningWork, site: CallSite?, isChange: Bool) {
        lock.withLock { delivered.append((action, isChange, site)) }
    }

    func end(_ effect: any RunningWork) {}

    func spawn(_ effect: any RunningWork, _ body: @escaping @Sendable () async -> Void) {}

    func makeTask<Success: Sendable>(
        for effect: any RunningWork, _ operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        Task(operation: operation)
    }

    func perform(_ operation: EffectOperation, within effect: any RunningWork) async {}

    func fail(with error: any Error, _ effect: any RunningWork, handler: (@Sendable (any Error) -> Void)?) {
        lock.withLock { failures.append((error, handler != nil)) }
        handler?(error)
    }
}

/// The work as an effect's body sees it: which reducer started it, and where its changes land.
private final class Work: RunningWork {
    let reducerType: Any.Type = AddReducer.self
    let slot = ObjectIdentifier(Counter.self)
}

private struct Failure: Error, Equatable {}

/// Effects at the reducers' layer: what each kind of effect asks of the store that runs it, and
/// what its work hands back, driven through a sink of the test's own.
@Suite struct EffectWithoutStoreTests {
    @Test("merge and concatenate drop none, give back a single effect as it is, and keep the order of the rest")
    func compositionShapes() throws {
        let single: Effect<Counter> = .merge(.none, .send(Increment(by: 1)), .none)
        guard case .send(let action, _) = try #require(single.operation) else {
            Issue.record("a merge of one effect is that effect")
            return
        }
        #expect((action as? Increment)?.by == 1)
        #expect(Effect<Counter>.concatenate(.none, .none).operation == nil)
        let merged: Effect<Counter> = .merge(.send(Increment(by: 1)), .cancel(id: "load"), .send(Increment(by: 2)))
        guard case .merge(let parts) = try #require(merged.operation) else {
            Issue.record("a merge of three effects is a merge")
            return
        }
        #expect(parts.count == 3)
        if case .cancel(let id, let place) = parts[1] {
            #expect(id == EffectID("load"))
            #expect(place == nil)
        } else {
            Issue.record("the second part is the cancel")
        }
        let sequence: Effect<Counter> = .concatenate([.send(Increment(by: 1)), .cancel(at: \Counter.self)])
        guard case .concatenate(let steps) = try #require(sequence.operation), case .cancelAll = steps[1] else {
            Issue.record("a concatenation keeps its parts in order")
            return
        }
    }

    /// Runs an effect's work to its end with `sink`; fails the test for an effect that is not work.
    private func runWork(of effect: Effect<Counter>, with sink: RecordingSink) async throws {
        guard case .run(let work) = try #require(effect.operation) else {
            Issue.record("expected work to run")
            return
        }
        _ = await work.start(sink, Work()).result
    }

    @Test("work hands back its changes and follow-up actions in order, each saying which it is")
    func workHandsBackChangesAndActions() async throws {
        let sink = RecordingSink()
        let effect = Effect<Counter>.run { effect in
            effect.update { $0.value += 5 }
            effect.send(Rename(name: "done"))
        }
        try await runWork(of: effect, with: sink)

        let delivered = sink.deliveries
        #expect(delivered.map(\.isChange) == [true, false])
        #expect(delivered.allSatisfy { $0.site?.line != nil })
        let change = try #require(delivered.first?.action as? AsyncReducerResult)
        #expect(change.slot == ObjectIdentifier(Counter.self))
        #expect(ObjectIdentifier(change.resultType) == ObjectIdentifier(Counter.self))
        #expect(ObjectIdentifier(change.reducerType) == ObjectIdentifier(AddReducer.self))
        var counter = Counter(value: 1)
        change.apply(to: &counter)
        #expect(counter.value == 6)
        #expect((delivered.last?.action as? Rename)?.name == "done")
    }

    @Test("a thrown error goes to catch:, whose update is handed back; without catch: the sink reports it")
    func thrownErrors() async throws {
        let handled = RecordingSink()
        try await runWork(
            of: .run { _ in
                throw Failure()
            } catch: { _, effect in
                effect.update { $0.log.append("failed") }
            },
            with: handled)
        #expect(handled.failed.map(\.hadHandler) == [true])
        let change = try #require(handled.deliveries.first?.action as? AsyncReducerResult)
        var counter = Counter()
        change.apply(to: &counter)
        #expect(counter.log == ["failed"])

        let unhandled = RecordingSink()
        try await runWork(of: .run { _ in throw Failure() }, with: unhandled)
        #expect(unhandled.failed.count == 1)
        #expect(unhandled.failed.first?.hadHandler == false)
        #expect(unhandled.failed.first?.error as? Failure == Failure())
        #expect(unhandled.deliveries.isEmpty)
    }

    @Test("an id is compared by its value; run, cancel and send say what the store is to do")
    func operations() throws {
        guard
            case .run(let work) = try #require(Effect<Counter>.run(id: "load", cancelInFlight: true) { _ in }.operation)
        else {
            Issue.record("expected work")
            return
        }
        #expect(work.cancelsInFlight)
        #expect(work.id == EffectID("load"))
        #expect(work.id != EffectID("save"))
        #expect(work.id?.hashValue == EffectID("load").hashValue)

        guard
            case .cancel(let id, let place) = try #require(
                Effect<Counter>.cancel(id: "load", at: \Root.counter).operation)
        else {
            Issue.record("expected a cancel")
            return
        }
        #expect(id == EffectID("load"))
        #expect(place == \Root.counter)

        guard case .send(let action, let site) = try #require(Effect<Counter>.send(Rename(name: "a")).operation) else {
            Issue.record("expected a send")
            return
        }
        #expect((action as? Rename)?.name == "a")
        #expect(site != nil)

        #expect(Effect<Counter>.none.operation == nil)
        guard case .run(let plain) = try #require(Effect<Counter>.run { _ in }.operation) else {
            Issue.record("expected work")
            return
        }
        #expect(plain.id == nil)
        #expect(!plain.cancelsInFlight)
    }
}
