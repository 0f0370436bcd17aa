import Foundation
import MultiRedux
import Observation
import ReduxUI

/// B10 row write: a binding write to one row of 1,000, 10,000 or 100,000 rows, each row's title
/// observed the way a SwiftUI row view observes it (Observation tracking on the row's scope),
/// through a ``ScopedStore`` tree made from a store. Each write must invalidate that row's view
/// only: the run counts the invalidations and fails the benchmark when a write causes any other
/// number than one. A second kind of run dispatches, through the list's scope, an action that
/// changes a member of the list no scope reads: it must invalidate nothing.
///
/// Instruction-count mode (`--count N --param P`): N writes to one row of P rows (default 1,000),
/// or, with P + 1 (1,001, 10,001, 100,001), N such dispatches in a list of P rows, with the set-up
/// (the store, P row scopes and their observations).
struct RowWrite: Workload {
    let id = "B10"

    /// The list lengths measured.
    private static let sizes = [1_000, 10_000, 100_000]

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        var table = Table(
            title: "B10 binding write to one row of n observed rows (ScopedStore)",
            header: ["run", "median ns", "min ns", "max ns", "invalidations per write", "writes per repetition"])
        let writes = options.quick ? 1_000 : 20_000
        for rows in Self.sizes {
            for kind in [RunKind.write, .unread] {
                var invalidations = 0
                let stats = Sampler().measure {
                    makeRun(kind, rows: rows, writes: writes) { invalidations = $0 }
                }
                let expected = kind == .write ? writes : 0
                shared.check("B10 invalidations, \(kind.label(rows: rows))", got: invalidations, expected: expected)
                table.rows.append([
                    kind.label(rows: rows), format(stats.median), format(stats.min), format(stats.max),
                    "\(Double(invalidations) / Double(writes))", grouped(writes),
                ])
            }
        }
        if let (scope, observed) = memoryPerRow(rows: Self.sizes[Self.sizes.count - 1]) {
            table.notes.append(
                "Memory per row (peak resident growth over 100,000 rows): \(grouped(scope)) bytes for its scope "
                    + "(`scope(each:)`), \(grouped(observed)) more for observing its title once.")
        }
        table.notes.append(
            "Each write is a BindingAction applied by the list feature's binding reducer, delivered to the scope tree; "
                + "only the written row's scope compares what its view read, and only its view is told it changed. "
                + "Instructions: .ci/callgrind-check's B10 rows.")
        return [table]
    }

    func runCounted(_ options: Options) {
        let parameter = options.parameter ?? 1_000
        let (kind, rows) = parameter.isMultiple(of: 2) ? (RunKind.write, parameter) : (.unread, parameter - 1)
        let count = options.count ?? 0
        let run = makeRun(kind, rows: rows, writes: count) { invalidations in
            let expected = kind == .write ? count : 0
            guard invalidations == expected else {
                printError("ReduxBenchmarks: B10 counted \(invalidations) invalidations for \(count) operations")
                exit(1)
            }
        }
        run.body()
        run.finish()
    }

    /// What a run does, `writes` times.
    private enum RunKind {
        /// A binding write to the middle row's title, re-read as the row's view would.
        case write
        /// A dispatch, through the list's scope, that changes a member of the list no scope reads.
        case unread

        func label(rows: Int) -> String {
            switch self {
            case .write: "write row \(grouped(rows / 2))'s title of \(grouped(rows)) ($row.title), re-read it"
            case .unread: "dispatch a change no scope reads, \(grouped(rows)) rows"
            }
        }
    }

    /// What a row's scope costs in memory, and what observing its title adds, in bytes per row:
    /// the peak resident growth of making `rows` row scopes, then of observing each.
    private func memoryPerRow(rows: Int) -> (scope: Int, observed: Int)? {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return nil }
        return MainActor.assumeIsolated {
            let store = Store(
                initialState: B10App(
                    list: B10List(rows: IdentifiedArray((0..<rows).map { B10Row(id: $0, title: "") }))),
                features: [B10ListFeature().at(\.list)])
            let list = store.scope(\.list)
            var scopes: [ScopedStore<B10Row>] = []
            let counter = B10Invalidations()
            guard let made = PeakMemory.measure({ scopes = list.scope(each: \.rows) }),
                let observed = PeakMemory.measure({ for scope in scopes { counter.observe(scope) } })
            else { return nil }
            return withExtendedLifetime(scopes) { (made / rows, observed / rows) }
        }
    }

    /// A store of `rows` rows, their scopes observed, and `writes` operations of a kind.
    ///
    /// - Parameter report: Given the invalidations of all rows' views when the run finishes.
    private func makeRun(_ kind: RunKind, rows: Int, writes: Int, report: @escaping (Int) -> Void) -> Run {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            return Run(operations: writes, body: {})
        }
        let parts = MainActor.assumeIsolated { () -> MainThreadParts in
            let store = Store(
                initialState: B10App(
                    list: B10List(rows: IdentifiedArray((0..<rows).map { B10Row(id: $0, title: "") }))),
                features: [B10ListFeature().at(\.list)])
            let list = store.scope(\.list)
            let scopes = list.scope(each: \.rows)
            let counter = B10Invalidations()
            for scope in scopes { counter.observe(scope) }
            let row = scopes[rows / 2]
            let write: () -> Void
            switch kind {
            case .write:
                write = {
                    MainActor.assumeIsolated {
                        for write in 0..<writes {
                            row.title = write.isMultiple(of: 2) ? "even" : "odd"
                            counter.observe(row)  // the row's view renders again and reads its title
                        }
                    }
                }
            case .unread:
                write = {
                    MainActor.assumeIsolated {
                        for _ in 0..<writes { list.dispatch(B10Tick()) }
                    }
                }
            }
            return MainThreadParts(
                views: scopes, write: write, invalidations: { MainActor.assumeIsolated { counter.count } })
        }
        return Run(
            operations: writes, body: parts.write,
            finish: {
                report(parts.invalidations())
                withExtendedLifetime(parts.views) {}
            })
    }
}

/// The parts of a run made on the main actor, handed out of `MainActor.assumeIsolated`.
///
/// - Note: `@unchecked Sendable`: the benchmark runs on the main thread only; the closures enter
///   the main actor again with `MainActor.assumeIsolated`.
private struct MainThreadParts: @unchecked Sendable {
    /// The row scopes, held as the row views of a list hold them: a scope lives while a view does.
    let views: [AnyObject]
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
    /// Counted by ``B10Tick``; no view reads it.
    var ticks = 0

    static var bindableFields: [AnyKeyPath & Sendable] { [\B10Row.title] }
}

private struct B10App: State {
    var list: B10List
}

/// Changes ``B10List/ticks`` only.
private struct B10Tick: Action {}

private struct B10ListFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addBindingReducer(for: B10List.self)
        container.addReduceFunction { (_, _: B10Tick, list: inout B10List) in list.ticks += 1 }
    }
}
