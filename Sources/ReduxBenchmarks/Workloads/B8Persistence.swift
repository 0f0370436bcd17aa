import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel

/// B8 persistence: the B1 workload in a store whose settings are persisted (`persistedAs:`), in
/// each durability mode; opening a file whose journal holds 10,000 and 100,000 actions; writing
/// and opening a snapshot of about 10 MB (the score history persisted), the opening beside
/// decoding the same parts with `JSONDecoder` directly.
///
/// Instruction-count mode (`--count N --param P`): P = 1 N dispatches with the settings persisted,
/// buffered (the default), 2 the same, a write per action, 3 opening a file whose journal holds N
/// actions, 4 opening a snapshot of N rounds.
struct Persisted: Workload {
    let id = "B8"

    /// The state file the runs write, removed before and after each use.
    private var path: String { "/tmp/ReduxBenchmarks-B8-\(getpid()).json" }

    private var file: StateFile { StateFile(url: URL(fileURLWithPath: path)) }

    /// Removes the state file and its journals.
    private func removeFiles() {
        unlink(path)
        for generation in 0..<4 {
            unlink("/tmp/.ReduxBenchmarks-B8-\(getpid()).json.\(generation).journal")
        }
    }

    /// The B1 store, its settings (and, for the snapshot row, its history) placed persistent.
    ///
    /// Each feature registers its reducers in `injectReducers`, so that the actions they handle
    /// are the ones its journal records.
    private func makePersistedStore(persistingHistory: Bool = false, rounds: Int = 0) -> Store<AppState> {
        let history =
            persistingHistory
            ? PartFeature<ScoreHistory>().at(\AppState.history, persistedAs: "history")
            : PartFeature<ScoreHistory>().at(\AppState.history)
        return Store(
            initialState: AppState(rounds: rounds),
            features: [
                PartFeature<GameState>().at(\.game), history,
                PartFeature<Settings>().at(\AppState.settings, persistedAs: "settings"),
                PartFeature<AppState>().at(\.self),
            ])
    }

    /// N dispatches of the B1 cycle with the settings persisted.
    private func dispatchRun(_ durability: JournalWriter.Durability, operations: Int) -> Run {
        removeFiles()
        let store = makePersistedStore()
        let persistence = try! file.persist(store, durability: durability)
        return Run(
            operations: operations,
            body: {
                forEachDispatch(operations, cycling: dispatchSmallActions) { store.dispatch($0) }
                blackHole(store.state.checksum)
            },
            finish: {
                try! persistence.close()
                removeFiles()
            })
    }

    /// Opening a file whose journal holds `actions` entries (written before the clock starts).
    private func openRun(actions: Int) -> Run {
        removeFiles()
        do {
            let store = makePersistedStore()
            let persistence = try! file.persist(store, durability: .buffered)
            forEachDispatch(actions, cycling: dispatchSmallActions) { store.dispatch($0) }
            try! persistence.confirmSaved()
            // No close: the journal stays for the next open to replay.
            _ = persistence
        }
        return Run(
            operations: 1,
            body: {
                let store = makePersistedStore()
                let persistence = try! file.persist(store)
                blackHole(persistence.journalEntries)
            },
            finish: { removeFiles() })
    }

    /// Writing one snapshot whose history holds `rounds` rounds (about 70 bytes each).
    private func snapshotRun(rounds: Int) -> Run {
        removeFiles()
        let store = makePersistedStore(persistingHistory: true, rounds: rounds)
        let persistence = try! file.persist(store, durability: .buffered)
        // A change to a persistent part: close() writes no snapshot when they are as the file holds them.
        store.dispatch(IncrementBestOf())
        return Run(
            operations: 1,
            body: { try! persistence.close() },
            finish: { removeFiles() })
    }

    /// Writes a snapshot whose history holds `rounds` rounds, with no journal left beside it.
    private func writeSnapshot(rounds: Int) {
        removeFiles()
        let store = makePersistedStore(persistingHistory: true, rounds: rounds)
        let persistence = try! file.persist(store, durability: .buffered)
        store.dispatch(IncrementBestOf())
        try! persistence.close()
    }

    /// Opening a snapshot of `rounds` rounds: a store restored from it.
    private func snapshotOpenRun(rounds: Int) -> Run {
        writeSnapshot(rounds: rounds)
        return Run(
            operations: 1,
            body: {
                let store = makePersistedStore(persistingHistory: true)
                try! file.restore(store)
                precondition(
                    store.state.history.rounds.count == rounds, "ReduxBenchmarks: the snapshot was not restored")
                blackHole(store.state.checksum)
            },
            finish: { removeFiles() })
    }

    /// Decoding the parts of a snapshot of `rounds` rounds with `JSONDecoder` directly: the floor of
    /// opening it.
    private func plainDecodeRun(rounds: Int) -> Run {
        let state = AppState(rounds: rounds)
        let history = try! JSONEncoder().encode(state.history)
        let settings = try! JSONEncoder().encode(state.settings)
        return Run(
            operations: 1,
            body: {
                let decoder = JSONDecoder()
                let decoded = try! decoder.decode(ScoreHistory.self, from: history)
                blackHole(decoded.rounds.count &+ (try! decoder.decode(Settings.self, from: settings)).bestOf)
            },
            finish: {})
    }

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        let dispatches = options.quick ? 10_000 : 200_000
        let synchronized = options.quick ? 200 : 2_000
        var table = Table(
            title: "B8 persistence: B1 with the settings persisted, opening, a 10 MB snapshot",
            header: ["run", "median ns", "min ns", "max ns", "× B1 dispatch", "ops per repetition"])
        var dispatchMedian: Double?
        func row(_ label: String, _ operations: Int, _ makeRun: () -> Run) -> Double {
            let stats = Sampler().measure(makeRun)
            let base = dispatchMedian ?? stats.median
            table.rows.append([
                label, format(stats.median), format(stats.min), format(stats.max), ratio(stats.median / base),
                grouped(operations),
            ])
            if dispatchMedian == nil { dispatchMedian = stats.median }
            return stats.median
        }
        _ = row("B1 dispatch, nothing persisted (same run)", dispatches) {
            DispatchSmall().makeRun(.store, parameter: dispatchSmallActions.count, operations: dispatches)
        }
        _ = row("B1 dispatch, settings persisted, buffered", dispatches) {
            dispatchRun(.buffered, operations: dispatches)
        }
        _ = row("B1 dispatch, settings persisted, a write per action", dispatches) {
            dispatchRun(.everyAction, operations: dispatches)
        }
        _ = row("B1 dispatch, settings persisted, fsync per action", synchronized) {
            dispatchRun(.synchronized, operations: synchronized)
        }
        let small = options.quick ? 1_000 : 10_000
        let large = options.quick ? 10_000 : 100_000
        let openSmall = row("open a file whose journal holds \(grouped(small)) actions", 1) { openRun(actions: small) }
        let openLarge = row("open a file whose journal holds \(grouped(large)) actions", 1) { openRun(actions: large) }
        let rounds = options.quick ? 15_000 : 150_000
        _ = row("write a snapshot of \(grouped(rounds)) rounds", 1) { snapshotRun(rounds: rounds) }
        let open = row("open a snapshot of \(grouped(rounds)) rounds", 1) { snapshotOpenRun(rounds: rounds) }
        let decode = row("decode its parts with JSONDecoder directly (same run)", 1) { plainDecodeRun(rounds: rounds) }
        writeSnapshot(rounds: rounds)
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        let openMemory = PeakMemory.measure {
            let store = makePersistedStore(persistingHistory: true)
            try! file.restore(store)
            blackHole(store.state.checksum)
        }
        let decodeRun = plainDecodeRun(rounds: rounds)
        let decodeMemory = PeakMemory.measure { decodeRun.body() }
        removeFiles()
        table.notes.append(
            "Opening \(grouped(large)) / \(grouped(small)) journal entries (median): "
                + "\(ratio(openLarge / openSmall)) for \(large / small)× the entries (linear is \(large / small)×).")
        table.notes.append(
            "A snapshot of \(grouped(rounds)) rounds is about \(rounds * 70 / 1_000_000) MB of JSON; the row times "
                + "`close()` after one journaled action: encoding, a flushed temporary file, one rename.")
        // A peak in bytes as a multiple of the snapshot file's size; nil where it was not measured.
        func timesFile(_ bytes: Int?) -> String? {
            guard let bytes, let fileSize else { return nil }
            return ratio(Double(bytes) / Double(fileSize))
        }
        let memory =
            timesFile(openMemory).map { "\($0) the file's size, decoding directly \(timesFile(decodeMemory) ?? "–")" }
            ?? "not measured here (Linux only)"
        table.notes.append(
            "Opening it (`restore`, median) costs \(ratio(open / decode)) decoding its parts with `JSONDecoder` "
                + "directly; its peak memory: \(memory).")
        removeFiles()
        return [table]
    }

    func runCounted(_ options: Options) {
        let count = options.count ?? 0
        let run: Run
        switch options.parameter ?? 1 {
        case 2: run = dispatchRun(.everyAction, operations: count)
        case 3: run = openRun(actions: count)
        case 4: run = snapshotOpenRun(rounds: count)
        default: run = dispatchRun(.buffered, operations: count)
        }
        run.body()
        run.finish()
    }
}

/// A feature that registers the B1 reducers of one part of the state; persistent when its part is
/// `Codable`.
private struct PartFeature<Part: Sendable>: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        PartRegistrar<Part>(container: container).registerDispatchSmallReducers()
    }
}

extension PartFeature: PersistentFeature where Part: Codable {
    typealias PersistedValue = Part
}

/// Registers the reducers of the actions whose sub-state is `Part`, and no others.
private struct PartRegistrar<Part>: SubstateReducerRegistering {
    let container: any ReducerContainer

    func register<Applied: SubstateAction>(_: Applied.Type) {
        if Applied.Target.self == Part.self {
            container.addReducer(reducer: ApplyReducer<Applied>())
        }
    }
}
