import Foundation
import MultiRedux
import Observation
import ReduxUI

/// B10 row write: a binding write to one row of 1,000 rows, each row's title observed the way a
/// SwiftUI row view observes it (Observation tracking on the row's scope), through a
/// ``ScopedStore`` tree made from a store. Each write must invalidate that row's view only: the
/// run counts the invalidations and fails the benchmark when a write causes any other number
/// than one.
///
/// Instruction-count mode (`--count N`): N writes, with the set-up (the store, 1,000 row scopes
/// and their observations).
struct RowWrite: Workload {
    let id = "B10"

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        var table = Table(
            title: "B10 binding write to one row of 1,000 observed rows (ScopedStore)",
            header: ["run", "median ns", "min ns", "max ns", "invalidations per write", "writes per repetition"])
        let writes = options.quick ? 1_000 : 20_000
        var invalidations = 0
        let stats = Sampler().measure {
            makeRun(rows: 1_000, writes: writes) { invalidations = $0 }
        }
        shared.check(
            "B10 invalidations of 1,000 observed rows per 1,000 writes", got: invalidations * 1_000 / writes,
            expected: 1_000)
        table.rows.append([
            "write row 500's title ($row.title), re-read it", format(stats.median), format(stats.min),
            format(stats.max),
            "\(Double(invalidations) / Double(writes))", grouped(writes),
        ])
        table.notes.append(
            "Each write is a BindingAction applied by the list feature's binding reducer, delivered to the scope tree, "
                + "compared per row and per member read; only the written row's view is told it changed.")
        return [table]
    }

    func runCounted(_ options: Options) {
        let run = makeRun(rows: 1_000, writes: options.count ?? 0) { invalidations in
            guard invalidations == options.count ?? 0 else {
                printError(
                    "ReduxBenchmarks: B10 counted \(invalidations) invalidations for \(options.count ?? 0) writes")
                exit(1)
            }
        }
        run.body()
        run.finish()
    }

    /// A store of `rows` rows, their scopes observed, and `writes` writes to row 500's title.
    ///
    /// - Parameter report: Given the invalidations of all rows' views when the run finishes.
    private func makeRun(rows: Int, writes: Int, report: @escaping (Int) -> Void) -> Run {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            return Run(operations: writes, body: {})
        }
        let parts = MainActor.assumeIsolated { () -> MainThreadParts in
            let store = Store(
                initialState: B10App(
                    list: B10List(rows: IdentifiedArray((0..<rows).map { B10Row(id: $0, title: "") }))),
                features: [B10ListFeature().at(\.list)])
            let scopes = store.scope(\.list).scope(each: \.rows)
            let counter = B10Invalidations()
            for scope in scopes { counter.observe(scope) }
            let row = scopes[rows / 2]
            return MainThreadParts(
                write: {
                    MainActor.assumeIsolated {
                        for write in 0..<writes {
                            row.title = write.isMultiple(of: 2) ? "even" : "odd"
                            counter.observe(row)  // the row's view renders again and reads its title
                        }
                    }
                },
                invalidations: { MainActor.assumeIsolated { counter.count } })
        }
        return Run(operations: writes, body: parts.write, finish: { report(parts.invalidations()) })
    }
}

/// The parts of a run made on the main actor, handed out of `MainActor.assumeIsolated`.
///
/// - Note: `@unchecked Sendable`: the benchmark runs on the main thread only; the closures enter
///   the main actor again with `MainActor.assumeIsolated`.
private struct MainThreadParts: @unchecked Sendable {
    /// Does the writes.
    let write: () -> Void
    /// The invalidations counted so far.
    let invalidations: () -> Int
}

/// Counts the invalidations of observed rows' titles.
@MainActor
private final class B10Invalidations {
    var count = 0

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    func observe(_ row: ScopedStore<B10Row>) {
        withObservationTracking {
            _ = row.title
        } onChange: { [self] in
            MainActor.assumeIsolated { count += 1 }
        }
    }
}

private struct B10Row: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

private struct B10List: BindableState, Equatable {
    var rows: IdentifiedArrayOf<B10Row>

    static var bindableFields: [AnyKeyPath & Sendable] { [\B10Row.title] }
}

private struct B10App: State {
    var list: B10List
}

private struct B10ListFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: B10List.self)
    }
}
