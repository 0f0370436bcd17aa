import Foundation
import MultiRedux
import ReduxTimeTravel

/// B6 time travel: the B1 workload recorded (to memory, to a journal file), the journal replayed
/// into a fresh store, and 1,000 jumps to random points of journals of 10k and 1M actions.
///
/// Instruction-count mode (`--count N --param P`): P = 0 B1 unrecorded, 1 recorded to memory,
/// 2 to a file (buffered), 3 to a file (a write per action), 4 replayed from memory (N actions),
/// 5 read from a file and replayed (N actions), 6 N jumps in a 10k-action journal, 7 in a 1M one,
/// 8 only the set-up of 4 (recording the journal), to subtract from 4.
struct TimeTravel: Workload {
    let id = "B6"

    /// How a run records.
    private enum Recording {
        case none, memory
        case file(JournalWriter.Durability)
    }

    /// The journal file the runs write, removed before and after each use.
    private var path: String { "/tmp/ReduxBenchmarks-B6-\(getpid()).journal" }

    private var actionTypes: RecordableActions {
        RecordableActions([
            ChoosePlayer1Weapon.self, ChoosePlayer2Weapon.self, ResolveRound.self, SetMessage.self,
            SetPlayer1Name.self, SetPlayer2Name.self, SetBestOf.self, IncrementBestOf.self, AdvanceTurn.self,
            StartNextRound.self,
        ])
    }

    private func makeB1Store() -> Store<AppState> {
        makeStore(AppState()) { $0.registerDispatchSmallReducers() }
    }

    /// `operations` B1 dispatches, recorded as asked; the recorder lives as long as the run.
    private func recordedRun(_ recording: Recording, operations: Int) -> Run {
        let store = makeB1Store()
        var recorder: ActionRecorder<AppState>?
        switch recording {
        case .none: break
        case .memory: recorder = ActionRecorder(store)
        case .file(let durability):
            unlink(path)
            recorder = ActionRecorder(store, file: try! JournalWriter(path: path, durability: durability))
        }
        return Run(operations: operations) {
            forEachDispatch(operations, cycling: dispatchSmallActions) { store.dispatch($0) }
            recorder?.stop()
            blackHole(store.state.checksum + (recorder?.position ?? 0))
            recorder = nil
        }
    }

    /// A journal of `count` B1 actions, recorded in memory.
    private func recordedJournal(_ count: Int) -> Journal<AppState> {
        let store = makeB1Store()
        let recorder = ActionRecorder(store)
        forEachDispatch(count, cycling: dispatchSmallActions) { store.dispatch($0) }
        return recorder.journal
    }

    private func replayRun(actions: Int) -> Run {
        let journal = recordedJournal(actions)
        let store = makeB1Store()
        return Run(operations: actions) {
            try! store.replay(journal)
            blackHole(store.state.checksum)
        }
    }

    private func fileReplayRun(actions: Int) -> Run {
        unlink(path)
        do {
            let store = makeB1Store()
            let recorder = ActionRecorder(store, file: try! JournalWriter(path: path, durability: .buffered))
            forEachDispatch(actions, cycling: dispatchSmallActions) { store.dispatch($0) }
            recorder.stop()
        }
        let store = makeB1Store()
        let path = path
        let types = actionTypes
        return Run(operations: actions) {
            try! store.replay(Journal<AppState>(contentsOf: path, actions: types))
            blackHole(store.state.checksum)
        }
    }

    /// `jumps` moves to random points of a journal of `length` actions (snapshots every 1,000).
    private func jumpRun(jumps: Int, length: Int) -> Run {
        let store = makeB1Store()
        let recorder = ActionRecorder(store, snapshotInterval: 1_000)
        forEachDispatch(length, cycling: dispatchSmallActions) { store.dispatch($0) }
        var generator = SystemRandomNumberGenerator()
        let targets = (0..<jumps).map { _ in Int.random(in: 0...length, using: &generator) }
        return Run(operations: jumps) {
            for target in targets {
                recorder.move(to: target)
            }
            blackHole(store.state.checksum + recorder.position)
        }
    }

    func runTimed(_ options: Options, _ shared: SharedResults) -> [Table] {
        let dispatches = options.quick ? 10_000 : 1_000_000
        let short = options.quick ? 1_000 : 10_000
        let sampler = Sampler(repetitions: 3)
        var table = Table(
            title: "B6 time travel: B1 recorded, replayed, and jumps",
            header: ["run", "median ns", "min ns", "max ns", "× B1 unrecorded", "ops per repetition"])
        var unrecorded: Double?
        func row(_ label: String, _ operations: Int, _ makeRun: () -> Run) -> Double {
            let stats = sampler.measure(makeRun)
            let base = unrecorded ?? stats.median
            table.rows.append([
                label, format(stats.median), format(stats.min), format(stats.max),
                ratio(stats.median / base), grouped(operations),
            ])
            return stats.median
        }
        unrecorded = row("B1 dispatch, not recorded", dispatches) { recordedRun(.none, operations: dispatches) }
        _ = row("B1 dispatch, recorded to memory", dispatches) { recordedRun(.memory, operations: dispatches) }
        _ = row("B1 dispatch, recorded to a file (buffered)", dispatches) {
            recordedRun(.file(.buffered), operations: dispatches)
        }
        _ = row("B1 dispatch, recorded to a file (a write per action)", dispatches) {
            recordedRun(.file(.everyAction), operations: dispatches)
        }
        _ = row("replay from memory, per action", dispatches) { replayRun(actions: dispatches) }
        _ = row("read a file and replay, per action", dispatches) { fileReplayRun(actions: dispatches) }
        let near = row("jump in a \(grouped(short))-action journal", 1_000) { jumpRun(jumps: 1_000, length: short) }
        let far = row("jump in a \(grouped(dispatches))-action journal", 1_000) {
            jumpRun(jumps: 1_000, length: dispatches)
        }
        unlink(path)
        table.notes.append(
            "Jump cost \(grouped(dispatches)) / \(grouped(short)) actions: \(ratio(far / near)) "
                + "(snapshots every 1,000 actions). The synchronised durability (fsync per action) is not "
                + "measured: it is bound by the storage device.")
        return [table]
    }

    func runCounted(_ options: Options) {
        let count = options.count ?? 0
        let run: Run
        switch options.parameter ?? 1 {
        case 0: run = recordedRun(.none, operations: count)
        case 1: run = recordedRun(.memory, operations: count)
        case 2: run = recordedRun(.file(.buffered), operations: count)
        case 3: run = recordedRun(.file(.everyAction), operations: count)
        case 4: run = replayRun(actions: count)
        case 5: run = fileReplayRun(actions: count)
        case 6: run = jumpRun(jumps: count, length: 10_000)
        case 7: run = jumpRun(jumps: count, length: 1_000_000)
        default: run = Run(operations: count) { blackHole(recordedJournal(count).entries.count) }
        }
        run.body()
        unlink(path)
    }
}
