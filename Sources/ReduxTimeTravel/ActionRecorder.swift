public import ReduxCore
internal import ReduxReducers
public import ReduxStore

/// Records every action a store applies, and moves the store back and forth through them.
///
/// ```swift
/// let recorder = ActionRecorder(store, snapshotInterval: 100)
/// store.dispatch(Increment())
/// store.dispatch(Increment())
/// recorder.move(to: 1)          // the state after the first Increment
/// recorder.returnToPresent()    // the state after both
/// ```
///
/// The recorder sees each action after the middleware, in the store's serial order, and keeps a
/// snapshot of the state every `snapshotInterval` actions, so that a jump replays at most that
/// many actions, however long the journal.
///
/// Dispatching while the store shows a past state starts a new branch: the recorded actions after
/// that state are discarded (in a journal file, the next line's sequence number goes back, and a
/// reader drops the lines it replaces), and the action is recorded after it. See
/// Docs/Decisions/0012-time-travel.md.
///
/// - Note: `@unchecked Sendable`: `lock` guards the journal, the snapshots and the position.
///   Moves are applied in the store's serial order; when the store is idle, a move has reached the
///   observers when it returns.
public final class ActionRecorder<Root: State>: @unchecked Sendable {
    private let lock = Lock()
    private weak var store: Store<Root>?
    private let interval: Int
    private let file: JournalWriter?
    private var entries: [JournalEntry<Root>] = []
    /// `snapshots[k]` is the state after `k * interval` entries; `snapshots[0]` the state when
    /// recording started.
    private var snapshots: [Root] = []
    /// How many entries the store's state reflects; `entries.count` at the present.
    private var shownPosition = 0
    private var reportedTypes: Set<String> = []
    private let sink: RecorderSink<Root>

    /// Starts recording a store's actions.
    ///
    /// - Parameters:
    ///   - store: The store to record.
    ///   - snapshotInterval: How many actions apart the recorder keeps a snapshot of the state:
    ///     a jump replays fewer than this many actions; memory grows by one state per interval.
    ///   - file: Where to append each action as it is applied, besides memory; nil records to
    ///     memory only.
    public init(_ store: Store<Root>, snapshotInterval: Int = 1_000, file: JournalWriter? = nil) {
        self.store = store
        interval = max(1, snapshotInterval)
        self.file = file
        sink = RecorderSink()
        sink.recorder = self
        store.attach(recorder: sink)
    }

    /// Stops recording; the journal so far stays readable. The store is left in the state it
    /// shows.
    public func stop() {
        store?.attach(recorder: nil)
    }

    /// The actions recorded so far, oldest first (the current branch).
    public var journal: Journal<Root> {
        lock.withLock { Journal(entries: entries) }
    }

    /// How many recorded actions the store's state reflects: the journal's length at the
    /// present, less after a move back.
    public var position: Int {
        lock.withLock { shownPosition }
    }

    /// Whether the store shows the state after the last recorded action.
    public var isAtPresent: Bool {
        lock.withLock { shownPosition == entries.count }
    }

    /// Moves the store to the state after the first `position` recorded actions (0: the state
    /// when recording started); its observers get that state.
    ///
    /// - Parameter position: From 0 to the journal's length; clamped to that range.
    /// - Complexity: O(`snapshotInterval`) reducer runs, whatever the journal's length.
    public func move(to position: Int) {
        let plan: (Root, [any Action])? = lock.withLock {
            guard !snapshots.isEmpty else { return nil }
            let target = min(max(0, position), entries.count)
            shownPosition = target
            var start = snapshots[min(target / interval, snapshots.count - 1)]
            var actions: [any Action] = []
            let from = min(target / interval, snapshots.count - 1) * interval
            for entry in entries[from..<target] {
                switch entry {
                case .action(let action): actions.append(action)
                case .asyncResult(_, let state):
                    start = state
                    actions.removeAll(keepingCapacity: true)
                case .notReplayable: break
                }
            }
            return (start, actions)
        }
        guard let plan else { return }
        store?.travel(from: plan.0, applying: plan.1)
    }

    /// Moves the store one recorded action back, if it is not at the start.
    public func stepBack() {
        move(to: position - 1)
    }

    /// Moves the store one recorded action forward, if it is not at the present.
    public func stepForward() {
        move(to: position + 1)
    }

    /// Moves the store to the state after the last recorded action.
    public func returnToPresent() {
        move(to: lock.withLock { entries.count })
    }

    /// Called by the store when recording starts.
    fileprivate func start(from state: Root) {
        lock.withLock {
            snapshots = [state]
            entries.removeAll()
            shownPosition = 0
        }
    }

    /// Called by the store, holding its lock, after each applied action.
    fileprivate func record(_ action: any Action, after state: Root) {
        let entry: JournalEntry<Root>
        if let result = action as? any AsyncResultCarrier {
            entry = .asyncResult(reducer: String(reflecting: result.reducerType), state: state)
        } else {
            entry = .action(action)
        }
        let sequence = lock.withLock { () -> Int in
            if shownPosition < entries.count {
                // A dispatch after a move back: a new branch from the state shown.
                entries.removeSubrange(shownPosition...)
                snapshots.removeSubrange((shownPosition / interval + 1)...)
            }
            entries.append(entry)
            shownPosition = entries.count
            if shownPosition % interval == 0 {
                snapshots.append(state)
            }
            return shownPosition
        }
        guard let file, !file.append(entry, sequence: sequence), let store else { return }
        let isNewType = lock.withLock { reportedTypes.insert(entry.typeName).inserted }
        guard isNewType else { return }
        store.issueReporter.report(
            ReduxIssue(
                .misuse,
                "\(entry.typeName) is not Codable, so \(file.path) marks it (and every later one of its "
                    + "type) as not replayable; make it Codable to replay the journal."))
    }
}

/// What the store holds: a class of this module, so the store's reference to the recorder does
/// not keep a generic recorder's own state from being released.
private final class RecorderSink<Root: State>: StoreRecorder, @unchecked Sendable {
    weak var recorder: ActionRecorder<Root>?

    func start(from state: Root) {
        recorder?.start(from: state)
    }

    func record(_ action: any Action, after state: Root) {
        recorder?.record(action, after: state)
    }
}
