/// The ways a workload can be run.
enum Variant: String, CaseIterable {
    /// Hand-written switch reducers on an `inout AppState` local, no store.
    case floor
    /// The MultiRedux store built from features placed at each sub-state.
    case store
    /// The MultiRedux store with a hand-written `InPlaceAppReducer` closure.
    case storeHandWritten = "store-manual"
    /// B4 only: the floor's reducer, then one hand-written observer per subscriber, each selecting
    /// and comparing its own part of the state (no grouping).
    case observers
    /// The VISPER/ReSwift-style naive baseline: linear-scan registry, value-copying reducers.
    case naive

    /// The name shown in the tables.
    var label: String {
        switch self {
        case .floor: "floor (hand-written switch)"
        case .store: "MultiRedux store (placed features)"
        case .storeHandWritten: "MultiRedux store (hand-written InPlaceAppReducer)"
        case .observers: "hand-written observers (each selects and compares)"
        case .naive: "naive (linear scan + value copies)"
        }
    }

    /// The app reducer form of a store variant.
    var appReducerForm: AppReducerForm {
        self == .storeHandWritten ? .handWritten : .features
    }
}

/// What a run of the benchmark was asked to do.
struct Options {
    /// Small counts, for a smoke test.
    var quick = false
    /// The workloads to run (all when empty).
    var only: Set<String> = []
    /// Instruction-count mode: this many operations of one variant, once, without the clock.
    var count: Int?
    /// The variant run in instruction-count mode.
    var variant = Variant.store
    /// The parameter (N, n or subscriber count) in instruction-count mode.
    var parameter: Int?
}

/// Figures that one workload reports and a later one compares with, and failed checks.
final class SharedResults {
    /// B1's median nanoseconds per dispatch through the store, if B1 ran.
    var dispatchSmallStoreMedian: Double?
    /// Checks that failed; the benchmark exits non-zero when there are any.
    private(set) var failures: [String] = []

    /// Records a failure unless a final count is the expected one.
    func check(_ what: String, got: Int, expected: Int) {
        guard got != expected else { return }
        failures.append("\(what): final count \(got), expected \(expected)")
    }
}

/// A workload of BENCHMARKS.md.
protocol Workload {
    /// "B1" … "B7".
    var id: String { get }

    /// Runs the timed repetitions and returns the tables to print.
    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table]

    /// Runs `options.count` operations of `options.variant` once, without reading the clock.
    ///
    /// The set-up (building the store, registering reducers, pre-filling the history) is included,
    /// so instructions per operation are the difference of two counts divided by their difference.
    func runCounted(_ options: Options)
}

/// A workload whose table has one row per parameter and variant, with the ratio to the floor and
/// the growth from the first parameter to the last.
protocol TableWorkload: Workload {
    /// The table's heading.
    var title: String { get }
    /// What the parameter is, e.g. "N reducers".
    var parameterName: String { get }
    /// The variants to run, the floor first.
    var variants: [Variant] { get }
    /// The parameter used in instruction-count mode unless `--param` says otherwise.
    var countedParameter: Int { get }

    /// The parameters, smallest first.
    func parameters(quick: Bool) -> [Int]
    /// How many operations one repetition does.
    func operations(_ variant: Variant, parameter: Int, quick: Bool) -> Int
    /// Sets up one run.
    func makeRun(_ variant: Variant, parameter: Int, operations: Int) -> Run
    /// Lines printed under the table besides the growth ratios.
    func extraNotes(_ options: Options, medians: [Variant: [Int: Double]]) -> [String]
    /// What to remember for later workloads.
    func record(medians: [Variant: [Int: Double]], in shared: SharedResults)
}

extension TableWorkload {
    func extraNotes(_ options: Options, medians: [Variant: [Int: Double]]) -> [String] { [] }
    func record(medians: [Variant: [Int: Double]], in shared: SharedResults) {}

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        let parameters = parameters(quick: options.quick)
        var table = Table(
            title: "\(id) \(title)",
            header: ["variant", parameterName, "median ns", "min ns", "max ns", "× floor", "ops per repetition"])
        var medians: [Variant: [Int: Double]] = [:]
        for parameter in parameters {
            for variant in variants {
                let operations = operations(variant, parameter: parameter, quick: options.quick)
                let stats = Sampler().measure { makeRun(variant, parameter: parameter, operations: operations) }
                medians[variant, default: [:]][parameter] = stats.median
                let floor = medians[.floor]?[parameter]
                table.rows.append([
                    variant.label, grouped(parameter), format(stats.median), format(stats.min), format(stats.max),
                    floor.map { ratio(stats.median / $0) } ?? "–", grouped(operations),
                ])
            }
        }
        if let first = parameters.first, let last = parameters.last, first != last {
            let growth = variants.compactMap { variant -> String? in
                guard let low = medians[variant]?[first], let high = medians[variant]?[last] else { return nil }
                return "\(variant.rawValue) \(ratio(high / low))"
            }
            table.notes.append(
                "Growth \(parameterName) \(grouped(last)) / \(grouped(first)) (median): "
                    + growth.joined(separator: ", "))
        }
        table.notes += extraNotes(options, medians: medians)
        record(medians: medians, in: shared)
        return [table]
    }

    func runCounted(_ options: Options) {
        let run = makeRun(
            options.variant, parameter: options.parameter ?? countedParameter, operations: options.count ?? 0)
        run.body()
        run.finish()
    }
}
