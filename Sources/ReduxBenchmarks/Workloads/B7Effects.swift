import Dispatch
import Foundation
import MultiRedux

/// B7 effects: 100,000 dispatches of an action whose async reducer returns work that lands one
/// change at once (start and land), without and with a cancellation id; then 10,000 effects
/// started under distinct ids, whose work waits until it is cancelled, all cancelled, with a
/// check that none of their changes landed. B1 runs in the same table, for the dispatch with no
/// effects.
///
/// Instruction-count mode (`--count N --param P`): P = 1 N awaited start-and-land dispatches
/// with no id (the default), 2 the same under an id, 3 N fire-and-forget ones waited for at the
/// end, 4 N waiting effects started and cancelled by N `.cancel(id:)` actions, 5 N waiting
/// effects started and cancelled by removing their feature. Rows 4 and 5 count each effect's
/// whole life (start, wait, cancel, the dropped change): a run that only starts them ends with the
/// pool's threads still at work, and its count varied by a factor of two between runs.
struct Effects: Workload {
    let id = "B7"

    /// How the waiting effects of a cancel run end.
    private enum Cancellation {
        /// One `.cancel(id:)` action per effect.
        case byAction
        /// `store.remove(_:)` of the feature that started them.
        case byRemoval
    }

    /// The change each cancelled effect tries to land after its cancellation: far from any count
    /// the other runs reach, so that one landed change shows.
    fileprivate static let lateChange = 1_000_000

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        let dispatches = options.quick ? 10_000 : 1_000_000
        let effects = options.quick ? 1_000 : 100_000
        let cancels = options.quick ? 1_000 : 10_000
        var table = Table(
            title: "B7 effects: start and land, cancel in flight",
            header: ["run", "median ns", "min ns", "max ns", "× B1 dispatch", "ops per repetition"])
        var dispatchMedian: Double?
        func row(_ label: String, _ operations: Int, _ makeRun: () -> Run) {
            let stats = Sampler().measure(makeRun)
            let base = dispatchMedian ?? stats.median
            table.rows.append([
                label, format(stats.median), format(stats.min), format(stats.max), ratio(stats.median / base),
                grouped(operations),
            ])
            if dispatchMedian == nil { dispatchMedian = stats.median }
        }
        row("B1 dispatch, no effects (same run)", dispatches) {
            DispatchSmall().makeRun(.store, parameter: dispatchSmallActions.count, operations: dispatches)
        }
        row("start and land, no id, dispatchAndWait each", effects) {
            landRun(LandAtOnce(), operations: effects, shared: shared)
        }
        row("start and land, id + cancelInFlight, dispatchAndWait each", effects) {
            landRun(LandAtOnceWithID(), operations: effects, shared: shared)
        }
        row("start and land, no id, dispatch each, all awaited at the end", effects) {
            unawaitedLandRun(operations: effects, shared: shared)
        }
        row("cancel a waiting effect: .cancel(id:) action, per cancel", cancels) {
            cancelRun(effects: cancels, .byAction, shared: shared)
        }
        row("cancel a waiting effect: store.remove(feature), per effect", cancels) {
            cancelRun(effects: cancels, .byRemoval, shared: shared)
        }
        let failed = shared.failures.contains { $0.hasPrefix(id) }
        table.notes.append(
            "Awaited rows: one `await store.dispatchAndWait(_:)` per effect, in a task the main thread waits for; "
                + "the effect's task updates `settings.bestOf` at once. Cancel rows: \(grouped(cancels)) effects "
                + "under distinct ids, each waiting until its task is cancelled (then trying to land a change "
                + "all the same), started before the clock starts; only the cancelling is timed.")
        table.notes.append(
            failed
                ? "FAILED: a final count differed; see the errors above."
                : "Checked after every repetition: each landed change counted exactly once, no cancelled "
                    + "effect's change landed, and every waiting effect saw its task cancelled.")
        table.notes.append(
            "Instructions per effect: `--only B7 --count N --param P` under callgrind (see the header of "
                + "Sources/ReduxBenchmarks/Workloads/B7Effects.swift and Docs/Performance.md).")
        return [table]
    }

    func runCounted(_ options: Options) {
        let count = options.count ?? 0
        let shared = SharedResults()
        let run: Run
        switch options.parameter ?? 1 {
        case 1: run = landRun(LandAtOnce(), operations: count, shared: shared)
        case 2: run = landRun(LandAtOnceWithID(), operations: count, shared: shared)
        case 3: run = unawaitedLandRun(operations: count, shared: shared)
        case 4: run = cancelRun(effects: count, .byAction, shared: shared)
        case 5: run = cancelRun(effects: count, .byRemoval, shared: shared)
        default: fail("B7 has no parameter \(options.parameter ?? 0); use 1 to 5")
        }
        run.body()
        run.finish()
        guard shared.failures.isEmpty else {
            for failure in shared.failures {
                printError("ReduxBenchmarks: FAILED \(failure)")
            }
            exit(1)
        }
    }

    /// A store whose `\.settings` feature has the B7 reducers, and whose `\.game` feature reduces
    /// `AdvanceTurn`, the action that waits for the queue to empty (``flush(_:)``).
    private func makeEffectsStore(_ feature: EffectsFeature) -> Store<AppState> {
        Store(initialState: AppState(), features: [feature.at(\.settings), TurnFeature().at(\.game)])
    }

    /// `operations` awaited dispatches of `action`, one after the other: each returns once the
    /// effect it started has landed its change.
    private func landRun(_ action: any Action, operations: Int, shared: SharedResults) -> Run {
        let store = makeEffectsStore(EffectsFeature())
        return Run(operations: operations) {
            runToEnd {
                for _ in 0..<operations {
                    await store.dispatchAndWait(action)
                }
            }
        } finish: {
            shared.check(
                "B7 start and land (\(type(of: action))): settings.bestOf", got: store.state.settings.bestOf,
                expected: Settings().bestOf + operations)
        }
    }

    /// `operations` fire-and-forget dispatches, whose effects run meanwhile on the cooperative
    /// pool; the run ends when every change has landed.
    private func unawaitedLandRun(operations: Int, shared: SharedResults) -> Run {
        let landed = Countdown(operations)
        let store = makeEffectsStore(EffectsFeature(landed: landed))
        return Run(operations: operations) {
            for _ in 0..<operations {
                store.dispatch(LandAtOnceCounted())
            }
            landed.wait()
        } finish: {
            shared.check(
                "B7 start and land (dispatch, awaited at the end): settings.bestOf",
                got: store.state.settings.bestOf, expected: Settings().bestOf + operations)
        }
    }

    /// `count` effects started under distinct ids before the clock starts, each waiting until it is
    /// cancelled; the run cancels them. Afterwards it waits for every one to return and checks
    /// that none of their changes landed.
    private func cancelRun(effects count: Int, _ cancellation: Cancellation, shared: SharedResults) -> Run {
        let waiting = WaitingWork(count)
        let feature = EffectsFeature(waiting: waiting)
        let store = makeEffectsStore(feature)
        for index in 0..<count {
            store.dispatch(StartWaiting(id: index))
        }
        waiting.started.wait()
        return Run(operations: count) {
            switch cancellation {
            case .byAction:
                for index in 0..<count {
                    store.dispatch(CancelWaiting(id: index))
                }
            case .byRemoval:
                store.remove(feature.at(\.settings))
            }
        } finish: {
            waiting.returned.wait()
            flush(store)
            let what = "B7 cancel \(count) waiting effects (\(cancellation))"
            shared.check("\(what): settings.bestOf", got: store.state.settings.bestOf, expected: Settings().bestOf)
            shared.check("\(what): effects whose task was not cancelled", got: waiting.uncancelled, expected: 0)
        }
    }

    /// Waits until the store has applied everything queued before this call: an awaited dispatch
    /// is applied after them, in the store's serial order.
    private func flush(_ store: Store<AppState>) {
        runToEnd {
            await store.dispatchAndWait(AdvanceTurn())
        }
    }
}

/// Runs async work to its end from synchronous code: the calling thread (the benchmark's main
/// thread) waits while the work runs on the cooperative pool.
private func runToEnd(_ work: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await work()
        done.signal()
    }
    done.wait()
}

// MARK: Actions and reducers

/// Starts work that lands one change (`settings.bestOf += 1`) at once, with no id.
private struct LandAtOnce: Action {}

/// Starts work that lands one change at once, under a cancellation id, cancelling the work in
/// flight under it (search-as-you-type's form).
private struct LandAtOnceWithID: Action {}

/// Starts work that lands one change at once and counts it (``EffectsFeature/landed``).
private struct LandAtOnceCounted: Action {}

/// Starts work under the id `id` that waits until it is cancelled.
private struct StartWaiting: Action {
    let id: Int
}

/// Cancels the work started under the id `id`.
private struct CancelWaiting: Action {
    let id: Int
}

/// The cancellation id of ``LandAtOnceWithID``'s work.
private enum LandID: Hashable, Sendable {
    case land
}

/// Counts arrivals, and lets a thread wait until a number of them is reached.
///
/// - Note: `@unchecked Sendable`: `remaining` is guarded by the mutex; the semaphore is
///   thread-safe.
private final class Countdown: @unchecked Sendable {
    private let mutex = Mutex()
    private var remaining: Int
    private let reached = DispatchSemaphore(value: 0)

    /// Creates a countdown that waits for `count` arrivals.
    init(_ count: Int) {
        remaining = count
        if count == 0 { reached.signal() }
    }

    /// Notes one arrival.
    func arrive() {
        let isLast = mutex.withLock {
            remaining -= 1
            return remaining == 0
        }
        if isLast { reached.signal() }
    }

    /// Waits until every arrival was noted; call once.
    func wait() {
        reached.wait()
    }
}

/// What the waiting effects of a cancel run report: that they started, that they returned, and
/// how many were not cancelled when their wait ended.
///
/// - Note: `@unchecked Sendable`: `uncancelledCount` is guarded by the mutex.
private final class WaitingWork: @unchecked Sendable {
    /// Reached when every effect's work has started to wait.
    let started: Countdown
    /// Reached when every effect's work has returned.
    let returned: Countdown
    private let mutex = Mutex()
    private var uncancelledCount = 0

    /// Creates the reports of `count` waiting effects.
    init(_ count: Int) {
        started = Countdown(count)
        returned = Countdown(count)
    }

    /// How many effects found their task not cancelled when their wait ended.
    var uncancelled: Int {
        mutex.withLock { uncancelledCount }
    }

    /// Notes an effect whose wait ended without a cancellation.
    func noteUncancelled() {
        mutex.withLock { uncancelledCount += 1 }
    }
}

/// The B7 reducers, placed at `\.settings`: every effect of the workload runs at that place.
private struct EffectsFeature: LogicFeature {
    /// Counts the changes of ``LandAtOnceCounted``'s work as they land.
    var landed = Countdown(0)
    /// The reports of ``StartWaiting``'s work.
    var waiting = WaitingWork(0)

    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, _: LandAtOnce, _: inout Settings) -> Effect<Settings> in
            .run { effect in
                effect.update { $0.bestOf += 1 }
            }
        }
        container.addAsyncReduceFunction { (_, _: LandAtOnceWithID, _: inout Settings) -> Effect<Settings> in
            .run(id: LandID.land, cancelInFlight: true) { effect in
                effect.update { $0.bestOf += 1 }
            }
        }
        let landed = landed
        container.addAsyncReduceFunction { (_, _: LandAtOnceCounted, _: inout Settings) -> Effect<Settings> in
            .run { effect in
                effect.update {
                    $0.bestOf += 1
                    landed.arrive()
                }
            }
        }
        let waiting = waiting
        container.addAsyncReduceFunction { (_, action: StartWaiting, _: inout Settings) -> Effect<Settings> in
            .run(id: action.id) { effect in
                waiting.started.arrive()
                // A stream that never yields: its iterator returns nil when the task is cancelled
                // (no timer, unlike a long `Task.sleep`). The work then goes on as if it ignored
                // the cancellation: the change it hands back must not land all the same.
                for await _ in AsyncStream(Never.self, { _ in }) {}
                if !Task.isCancelled { waiting.noteUncancelled() }
                effect.update { $0.bestOf += Effects.lateChange }
                waiting.returned.arrive()
            }
        }
        container.addAsyncReduceFunction { (_, action: CancelWaiting, _: inout Settings) -> Effect<Settings> in
            .cancel(id: action.id)
        }
    }
}

/// Reduces `AdvanceTurn` on the game, the action ``Effects`` awaits to empty the store's queue.
private struct TurnFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ApplyReducer<AdvanceTurn>())
    }
}
