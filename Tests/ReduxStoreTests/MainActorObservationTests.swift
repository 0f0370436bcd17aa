import Dispatch
import Foundation
import MultiRedux
import Testing

/// A key set on the main queue, the main actor's executor: on Linux, where the tests' `main` is
/// `async`, Dispatch drains that queue on a thread of its own, so the thread does not tell.
private let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// Whether the calling code runs on the main queue.
func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == 1 || Thread.isMainThread
}

/// Opens once; a main-actor task waits for it.
@MainActor
final class MainActorLatch {
    private var isOpen = false
    private var waiter: CheckedContinuation<Void, Never>?

    func open() {
        isOpen = true
        waiter?.resume()
        waiter = nil
    }

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiter = $0 }
    }
}

/// What a main-actor observation received, and on which thread.
@MainActor
final class MainActorLog<Value> {
    private(set) var values: [Value] = []
    private(set) var offMain = 0
    private var target: ((Value) -> Bool, MainActorLatch)?

    func record(_ value: Value) {
        // Asks Dispatch, not the actor checker: a delivery off the main queue (the main actor's
        // executor) is counted, not trusted.
        if !isOnMainQueue() { offMain += 1 }
        values.append(value)
        if let (isTarget, latch) = target, isTarget(value) { latch.open() }
    }

    /// Waits until a value that passes `isTarget` has been recorded.
    func wait(for isTarget: @escaping (Value) -> Bool) async {
        if values.contains(where: isTarget) { return }
        let latch = MainActorLatch()
        target = (isTarget, latch)
        await latch.wait()
    }
}

/// `observe(select:on: MainActor.self)`: observation on the main actor, with Linux's real main
/// actor (the main dispatch queue) running these tests.
@Suite @MainActor struct MainActorObservationTests {
    @Test("the first value is delivered before observe returns")
    func firstValueIsSynchronous() {
        let store = makeStore()
        store.dispatch(Increment(by: 5))
        let log = MainActorLog<Int>()

        let token = store.observe(select: \.count, on: MainActor.self) { log.record($0) }

        #expect(log.values == [5])
        token.cancel()
    }

    @Test("a change applied on the main thread is delivered before dispatch returns")
    func mainThreadDispatchIsSynchronous() {
        let store = makeStore()
        let log = MainActorLog<Int>()
        let token = store.observe(select: \.count, on: MainActor.self) { log.record($0) }

        store.dispatch(Increment())
        #expect(log.values == [0, 1])
        store.dispatch(Increment(by: 2))
        #expect(log.values == [0, 1, 3])
        token.cancel()
    }

    @Test("changes applied on other threads arrive on the main thread, in order, never a stale one")
    func backgroundDispatchesArriveInOrder() async {
        let store = makeStore()
        let log = MainActorLog<Int>()
        let token = store.observe(select: \.count, on: MainActor.self) { log.record($0) }
        let threads = 4
        let perThread = 500

        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<perThread { store.dispatch(Increment()) }
            }
        }
        await log.wait { $0 == threads * perThread }

        #expect(log.offMain == 0)
        #expect(log.values.first == 0)
        #expect(log.values.last == threads * perThread)
        #expect(zip(log.values, log.values.dropFirst()).allSatisfy { $0 < $1 }, "strictly increasing: no stale value")
        token.cancel()
    }

    @Test("no delivery happens off the main thread, for any number of observations, whoever dispatches")
    func neverOffTheMainThread() async {
        let store = makeStore()
        let counts = MainActorLog<Int>()
        let titles = MainActorLog<String>()
        let wholes = MainActorLog<AppState>()
        let tokens = [
            store.observe(select: \.count, on: MainActor.self) { counts.record($0) },
            store.observe(select: { $0.settings.title }, on: MainActor.self) { titles.record($0) },
            store.observe(select: \.self, on: MainActor.self) { wholes.record($0) },
        ]

        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: 3) { worker in
                for index in 0..<200 {
                    store.dispatch(worker == 0 ? SetTitle(title: "t\(index)") : Increment())
                }
            }
        }
        store.dispatch(Increment())  // and one on the main thread
        await counts.wait { $0 == 401 }
        await titles.wait { $0 == "t199" }
        await wholes.wait { $0.count == 401 && $0.settings.title == "t199" }

        #expect(counts.offMain == 0 && titles.offMain == 0 && wholes.offMain == 0)
        #expect(zip(titles.values, titles.values.dropFirst()).allSatisfy { $0 != $1 }, "Equatable: no repeats")
        tokens.forEach { $0.cancel() }
    }

    @Test("an Equatable selection skips repeats, the first value included")
    func skipsRepeats() async {
        let store = makeStore()
        let log = MainActorLog<String>()
        let token = store.observe(select: \.settings.title, on: MainActor.self) { log.record($0) }

        store.dispatch(Increment())  // the title did not change
        await Task.detached { await store.dispatchAndWait(Increment()) }.value
        await Task.detached { await store.dispatchAndWait(SetTitle(title: "Final")) }.value
        await log.wait { $0 == "Final" }

        #expect(log.values == ["untitled", "Final"])
        token.cancel()
    }

    @Test("after cancel on the main actor nothing more is delivered, not even values on their way")
    func cancelStopsDelivery() async {
        let store = makeStore()
        let log = MainActorLog<Int>()
        let token = store.observe(select: \.count, on: MainActor.self) { log.record($0) }

        // Applied on another thread while the main actor waits here: its delivery is on its way.
        DispatchQueue.global().sync { store.dispatch(Increment()) }
        token.cancel()
        store.dispatch(Increment())  // on the main thread: would be delivered at once
        await Task.detached { await store.dispatchAndWait(Increment()) }.value
        await Task.yield()

        #expect(log.values == [0])
        #expect(store.state.count == 3)
    }

    @Test("an observer that dispatches on the main actor sees its own change after the one it is handling")
    func reentrantDispatchKeepsOrder() async {
        let store = makeStore()
        let log = MainActorLog<Int>()
        let token = store.observe(select: \.count, on: MainActor.self) { count in
            log.record(count)
            if count == 1 { store.dispatch(Increment(by: 10)) }  // applied on the main thread, now
        }

        await Task.detached { await store.dispatchAndWait(Increment()) }.value
        await log.wait { $0 == 11 }

        #expect(log.values == [0, 1, 11])
        token.cancel()
    }

    @Test("letting the token go ends the observation")
    func releasingTheTokenEnds() {
        let store = makeStore()
        let log = MainActorLog<Int>()
        var token: ObservationToken? = store.observe(select: \.count, on: MainActor.self) { log.record($0) }
        _ = token
        token = nil

        store.dispatch(Increment())
        #expect(log.values == [0])
    }
}
