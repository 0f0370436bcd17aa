import MultiRedux

/// B5 concurrent: 2 threads × 500,000 dispatches of an increment action; the final count must be
/// exactly 1,000,000. Beside it: the same million on one thread, and the floor behind a mutex.
struct Concurrent: Workload {
    let id = "B5"

    /// A B5 configuration: who reduces, on how many threads, and on which processor when one
    /// thread is kept on one.
    private struct Setup {
        let variant: Variant
        let threads: Int
        var processor: Int?
    }

    /// How many times the one-thread and two-thread runs are timed, in turn.
    private let pairs = 9

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        let total = options.quick ? 10_000 : 1_000_000
        var table = Table(
            title: "\(id) concurrent: \(grouped(total)) increments of settings.bestOf split over threads",
            header: ["variant", "threads × dispatches", "median ns", "min ns", "max ns", "M dispatches/s", "× floor"])
        let floor = Sampler().measure { makeRun(Setup(variant: .floor, threads: 2), total: total, shared: shared) }
        // One thread and two, timed in turn: on a shared machine the speed of the second core
        // drifts within seconds, so each two-thread run is compared with the one-thread run
        // beside it, not with a median taken at another time.
        let oneThread = Setup(variant: .store, threads: 1)
        let twoThreads = Setup(variant: .store, threads: 2)
        let sampler = Sampler()
        _ = sampler.time(makeRun(oneThread, total: total, shared: shared))
        _ = sampler.time(makeRun(twoThreads, total: total, shared: shared))
        // Beside each pair, one thread kept on the first processor and then on the second, where
        // the system allows it: on a machine whose processors run at different speeds, a
        // two-thread run needs both and goes at the pace of the slower, while the system puts a
        // lone thread on the faster.
        let pinned = canKeepThreadsOnFirstTwoProcessors()
        var one: [Double] = []
        var two: [Double] = []
        var slower: [Double] = []
        for _ in 0..<(options.quick ? 1 : pairs) {
            one.append(sampler.time(makeRun(oneThread, total: total, shared: shared)))
            two.append(sampler.time(makeRun(twoThreads, total: total, shared: shared)))
            if pinned {
                let onEach = [0, 1].map { processor in
                    sampler.time(
                        makeRun(Setup(variant: .store, threads: 1, processor: processor), total: total, shared: shared))
                }
                slower.append(onEach.max() ?? 0)
            }
        }
        let twoStats = Stats(samples: two)
        for (setup, stats) in [
            (Setup(variant: .floor, threads: 2), floor), (oneThread, Stats(samples: one)), (twoThreads, twoStats),
        ] {
            table.rows.append([
                setup.variant.label, "\(setup.threads) × \(grouped(total / setup.threads))", format(stats.median),
                format(stats.min), format(stats.max), format(1_000 / stats.median, 2),
                ratio(stats.median / floor.median),
            ])
        }
        let failed = shared.failures.contains { $0.hasPrefix(id) }
        table.notes.append(
            failed
                ? "FAILED: a final count differed from \(grouped(total)); see the errors above."
                : "Final count exactly \(grouped(total)) in every run (warm-ups and every timed run, every variant).")
        let ratios = Stats(samples: zip(one, two).map { $0 / $1 })
        table.notes.append(
            "Throughput with 2 threads / 1 thread: \(ratio(ratios.median)), the median of \(one.count) runs of each "
                + "timed in turn (\(ratio(ratios.min))–\(ratio(ratios.max))); the target is ≥ 0.9×.")
        if pinned {
            let againstSlower = Stats(samples: zip(slower, two).map { $0 / $1 })
            table.notes.append(
                "Throughput with 2 threads / 1 thread kept on the slower of the first two processors in each round: "
                    + "\(ratio(againstSlower.median)) (\(ratio(againstSlower.min))–\(ratio(againstSlower.max))).")
        }
        if let dispatchSmall = shared.dispatchSmallStoreMedian {
            table.notes.append(
                "Throughput with 2 threads / single-threaded B1 store: \(ratio(dispatchSmall / twoStats.median))."
            )
        }
        return [table]
    }

    /// Whether a thread can be kept on each of the first two processors here (not where the
    /// system has no such call, nor on one processor, nor in a container allowed other ones).
    private func canKeepThreadsOnFirstTwoProcessors() -> Bool {
        let answer = Answer()
        runOnThreads(1) { _ in
            let kept = keepCurrentThread(onProcessor: 0) && keepCurrentThread(onProcessor: 1)
            answer.mutex.withLock { answer.value = kept }
        }
        return answer.mutex.withLock { answer.value }
    }

    func runCounted(_ options: Options) {
        let setup = Setup(variant: options.variant, threads: max(1, options.parameter ?? 2))
        makeRun(setup, total: options.count ?? 0, shared: SharedResults()).body()
    }

    /// A run of `total` increments split over the setup's threads; afterwards it checks the count.
    private func makeRun(_ setup: Setup, total: Int, shared: SharedResults) -> Run {
        let perThread = total / setup.threads
        let expected = Settings().bestOf + perThread * setup.threads
        let action = IncrementBestOf()
        switch setup.variant {
        case .floor:
            let floor = LockedFloor()
            return Run(operations: perThread * setup.threads) {
                runOnThreads(setup.threads) { _ in
                    for _ in 0..<perThread { floor.dispatch(action) }
                }
                shared.check("\(id) \(setup.variant.rawValue)", got: floor.bestOf, expected: expected)
            }
        case .store, .storeHandWritten:
            let store = makeStore(AppState(), form: setup.variant.appReducerForm) { $0.register(IncrementBestOf.self) }
            let processor = setup.processor
            return Run(operations: perThread * setup.threads) {
                runOnThreads(setup.threads) { _ in
                    if let processor { _ = keepCurrentThread(onProcessor: processor) }
                    for _ in 0..<perThread { store.dispatch(action) }
                }
                shared.check("\(id) \(setup.variant.rawValue)", got: store.state.settings.bestOf, expected: expected)
            }
        case .naive, .observers:
            preconditionFailure("ReduxBenchmarks: B5 has no \(setup.variant.rawValue) variant")
        }
    }
}

/// The B5 floor: the hand-written reducer on one shared state behind a mutex.
///
/// - Note: `@unchecked Sendable`: `state` is only touched under `mutex`.
private final class LockedFloor: @unchecked Sendable {
    private let mutex = Mutex()
    private var state = AppState()

    func dispatch(_ action: any Action) {
        mutex.withLock { floorReduce(action, &state) }
    }

    var bestOf: Int {
        mutex.withLock { state.settings.bestOf }
    }
}

/// A yes or no that one thread gives another.
///
/// - Note: `@unchecked Sendable`: `value` is only touched under `mutex`.
private final class Answer: @unchecked Sendable {
    let mutex = Mutex()
    var value = false
}
