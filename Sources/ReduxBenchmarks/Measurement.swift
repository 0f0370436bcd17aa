import Dispatch
import MultiRedux

/// Where ``blackHole(_:)`` puts its values.
private enum Sink {
    nonisolated(unsafe) static var value = 0
}

/// Consumes a value so that the optimiser cannot delete the work that produced it.
@inline(never)
func blackHole(_ value: Int) {
    Sink.value &+= value
}

/// The median, minimum and maximum of the timed repetitions, in nanoseconds per operation.
struct Stats {
    let median: Double
    let min: Double
    let max: Double

    init(samples: [Double]) {
        precondition(!samples.isEmpty, "ReduxBenchmarks: no samples")
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }
}

/// A unit of timed work: `operations` dispatches (or whatever the workload counts).
///
/// Setting the work up (building a store, pre-filling a history) happens when the run is made,
/// outside the timed part; only ``body`` is timed. ``finish`` runs after the clock stops: waiting
/// for work the body left running and checking its result (B7's cancelled effects).
struct Run {
    let operations: Int
    let body: () -> Void
    var finish: () -> Void = {}
}

/// Times runs: one warm-up, then ``repetitions`` timed repetitions with `ContinuousClock`.
struct Sampler {
    var repetitions = 5

    /// Measures fresh runs from `makeRun`, one per repetition plus the warm-up.
    ///
    /// - Returns: Nanoseconds per operation over the timed repetitions.
    func measure(_ makeRun: () -> Run) -> Stats {
        _ = time(makeRun())
        return Stats(samples: (0..<repetitions).map { _ in time(makeRun()) })
    }

    /// Runs once and returns nanoseconds per operation.
    func time(_ run: Run) -> Double {
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else {
            // Older Apple systems have no `ContinuousClock`; Dispatch's clock is monotonic too.
            let start = DispatchTime.now().uptimeNanoseconds
            run.body()
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            run.finish()
            return Double(elapsed) / Double(run.operations)
        }
        let clock = ContinuousClock()
        let start = clock.now
        run.body()
        let elapsed = start.duration(to: clock.now)
        run.finish()
        return nanoseconds(elapsed) / Double(run.operations)
    }
}

/// A duration in nanoseconds.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Calls `body` `count` times, with the actions in turn, starting over after the last one.
@inline(__always)
func forEachDispatch(_ count: Int, cycling actions: [any Action], _ body: (any Action) -> Void) {
    var next = 0
    for _ in 0..<count {
        body(actions[next])
        next += 1
        if next == actions.count { next = 0 }
    }
}
