import Dispatch
import MultiRedux
import TestHelpers
import Testing

private struct Counter: State, Equatable {
    var landed = 0
    var childrenMet = false
    var landedIDs: Set<Int> = []
}

/// Starts work that lands `id`, at once or after yielding its thread.
private struct LandID: Action {
    let id: Int
    let yields: Bool
}

/// Starts work that lands a change at once, noting whether it ran on the awaiting queue.
private struct LandNow: Action {}

/// Starts work that waits for the gate, then lands a change.
private struct LandAfterGate: Action {}

/// Starts work whose two child tasks each wait, blocking their thread, for the other to start.
private struct MeetInChildren: Action {}

/// Marks the queue of ``QueueExecutor``: `DispatchQueue.getSpecific(key:)` reads it only in work
/// that queue runs.
private let awaitingQueueKey = DispatchSpecificKey<String>()

/// Whether the caller runs on the queue of a ``QueueExecutor``.
private func runsOnAwaitingQueue() -> Bool {
    DispatchQueue.getSpecific(key: awaitingQueueKey) != nil
}

/// Runs the jobs of the tasks that prefer it on a serial queue of its own, out of the pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "awaiting")

    init() {
        queue.setSpecific(key: awaitingQueueKey, value: "awaiting")
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Signals `mine`, then waits at most ten seconds for `theirs`: whether it was signalled.
private func meet(signalling mine: DispatchSemaphore, waitingFor theirs: DispatchSemaphore) -> Bool {
    mine.signal()
    return theirs.wait(timeout: .now() + 10) == .success
}

private struct CountingFeature: LogicFeature {
    let onAwaitingQueue: Recorder<Bool>
    let gate: AsyncGate
    let waiting: Recorder<String>

    func injectReducers(container: any ReducerContainer) {
        let (onAwaitingQueue, gate, waiting) = (onAwaitingQueue, gate, waiting)
        container.addAsyncReduceFunction { (_, _: LandNow, _: inout Counter) -> Effect<Counter> in
            .run { effect in
                onAwaitingQueue.append(runsOnAwaitingQueue())
                effect.update { $0.landed += 1 }
            }
        }
        container.addAsyncReduceFunction { (_, _: LandAfterGate, _: inout Counter) -> Effect<Counter> in
            .run { effect in
                waiting.append("waiting")
                await gate.wait()
                effect.update { $0.landed += 1 }
            }
        }
        container.addAsyncReduceFunction { (_, land: LandID, _: inout Counter) -> Effect<Counter> in
            .run { effect in
                if land.yields { await Task.yield() }
                effect.update { $0.landedIDs.insert(land.id) }
            }
        }
        container.addAsyncReduceFunction { (_, _: MeetInChildren, _: inout Counter) -> Effect<Counter> in
            .run { effect in
                let (first, second) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
                async let firstMet = meet(signalling: first, waitingFor: second)
                async let secondMet = meet(signalling: second, waitingFor: first)
                let met = await (firstMet, secondMet)
                effect.update { $0.childrenMet = met.0 && met.1 }
            }
        }
    }
}

/// `dispatchAndWait` where task executors exist: the awaiting task runs the effects' work itself
/// until that work suspends.
@Suite struct AwaitingTaskRunsEffectsTests {
    private let onAwaitingQueue = Recorder<Bool>()
    private let gate = AsyncGate()
    private let waiting = Recorder<String>()

    private func makeStore() -> Store<Counter> {
        Store(
            initialState: Counter(),
            features: [CountingFeature(onAwaitingQueue: onAwaitingQueue, gate: gate, waiting: waiting).at(\.self)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test("work that lands at once runs where the awaiting task runs, and has landed when the await returns")
    func workRunsWhereTheAwaitingTaskRuns() async {
        let store = makeStore()
        // The awaiting task runs on a queue out of the pool: work the pool ran would not see it.
        let landed = await Task(executorPreference: QueueExecutor()) {
            for _ in 0..<3 {
                await store.dispatchAndWait(LandNow())
            }
            return store.state.landed
        }.value
        #expect(landed == 3)
        #expect(onAwaitingQueue.all == [true, true, true])
    }

    @Test("work that suspends lands later, and the await returns only once it has")
    func suspendedWorkIsWaitedFor() async throws {
        let store = makeStore()
        let returned = Recorder<Int>()
        let awaiting = Task {
            await store.dispatchAndWait(LandAfterGate())
            returned.append(store.state.landed)
        }
        try #require(await eventually { waiting.all == ["waiting"] })
        #expect(returned.all.isEmpty)
        gate.open()
        await awaiting.value
        #expect(returned.all == [1])
    }

    @Test("awaited dispatches from several tasks at once each return once their own work has landed")
    func concurrentAwaitedDispatches() async {
        let store = makeStore()
        let late = Recorder<Int>()
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for round in 0..<150 {
                        let id = sender * 1_000 + round
                        await store.dispatchAndWait(LandID(id: id, yields: round % 3 == 0))
                        if !store.state.landedIDs.contains(id) { late.append(id) }
                    }
                }
            }
        }
        #expect(late.all.isEmpty)
        #expect(store.state.landedIDs.count == 600)
    }

    @Test("child tasks of awaited work run in parallel: each meets the other while both block their threads")
    func childTasksRunInParallel() async {
        let store = makeStore()
        await store.dispatchAndWait(MeetInChildren())
        #expect(store.state.childrenMet)
    }
}
