import MultiRedux
import TestHelpers
import Testing

struct Board: State, Equatable {
    var count = 0
    /// Per worker, the last run whose change landed.
    var landed: [Int: Int] = [:]
    /// Per worker, how many changes landed in all.
    var landings: [Int: Int] = [:]
}

struct Start: Action {
    var worker: Int
    var run: Int
}

struct Bump: Action {}

struct StopWorker: Action { var worker: Int }

struct BoardFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, _: Bump, state: inout Board) in state.count += 1 }
        container.addAsyncReduceFunction { (_, action: Start, _: inout Board) -> Effect<Board> in
            .run(id: action.worker, cancelInFlight: true) { effect in
                await Task.yield()
                effect.update {
                    $0.landed[action.worker] = action.run
                    $0.landings[action.worker, default: 0] += 1
                }
            }
        }
        container.addAsyncReduceFunction { (_, action: StopWorker, _: inout Board) -> Effect<Board> in
            .cancel(id: action.worker)
        }
    }
}

@Suite struct EffectStressTests {
    @Test("8 threads restart and cancel effects while dispatching: every action counts once, the last runs land")
    func restartsAndCancelsFromEightThreads() async {
        let store = Store(initialState: Board(), features: [BoardFeature().at(\.self)])
        let workers = 8
        let rounds = 400
        let finished = await runOnThreads(
            (0..<workers).map { worker in
                {
                    for run in 0..<rounds {
                        store.dispatch(Start(worker: worker, run: run))
                        store.dispatch(Bump())
                        if run % 7 == 0 {
                            store.dispatch(StopWorker(worker: worker))
                        }
                    }
                }
            })
        #expect(finished)
        // A last run per worker, awaited: it cancels whatever still runs under its id.
        for worker in 0..<workers {
            await store.dispatchAndWait(Start(worker: worker, run: rounds))
        }
        let state = store.state
        #expect(state.count == workers * rounds)
        for worker in 0..<workers {
            #expect(state.landed[worker] == rounds)
            // Never more changes than runs started; cancelled ones never land.
            #expect((state.landings[worker] ?? 0) <= rounds + 1)
        }
    }
}

/// Per task, how many of its effects' changes landed.
struct Tally: State, Equatable {
    var landed: [Int: Int] = [:]
}

struct Count: Action { var task: Int }

struct TallyFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, action: Count, _: inout Tally) -> Effect<Tally> in
            .run { effect in
                await Task.yield()
                effect.update { $0.landed[action.task, default: 0] += 1 }
            }
        }
    }
}

@Suite struct AwaitedDispatchStressTests {
    /// Under `--sanitize=thread` this is also the check that resuming an awaited dispatch is
    /// seen as synchronised: with an unchecked continuation it reported a race in about half of
    /// its runs (DispatchTracker).
    @Test("awaited dispatches from four tasks at once each return after their own effect's change landed")
    func awaitedDispatchesFromFourTasks() async {
        let store = Store(initialState: Tally(), features: [TallyFeature().at(\.self)])
        let tasks = 4
        let rounds = 20_000
        let behind = await withTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // The awaited dispatches after which this task's count had not reached them.
                    var behind = 0
                    for round in 1...rounds {
                        await store.dispatchAndWait(Count(task: task))
                        if store.state.landed[task] != round { behind += 1 }
                    }
                    return behind
                }
            }
            return await group.reduce(0, +)
        }
        #expect(behind == 0)
        #expect(store.state.landed == Dictionary(uniqueKeysWithValues: (0..<tasks).map { ($0, rounds) }))
    }
}
