import Foundation
public import ReduxCore
internal import ReduxShared
public import ReduxStore
public import ReduxTimeTravel

/// A recorded session, opened for inspection: its entries, the state after each one, the change
/// each one made, and the session edited (entries toggled off or moved) with every later state
/// recomputed exactly.
///
/// ```swift
/// let inspector = Inspector(journal: recorder.journal, initialState: AppState()) { state in
///     Store(initialState: state, features: appFeatures)
/// }
/// let state = try inspector.state(after: 41)          // replayed from the nearest checkpoint
/// try inspector.toggle(3)                             // the session without entry 3
/// let changes = try inspector.changes(at: 4)          // field paths, old → new
/// ```
///
/// States are computed on demand by replaying the recorded entries through a store of the app's
/// own features (`Store.replay(_:)`, which never runs an effect: what the effects handed back is
/// in the journal). The inspector keeps a checkpoint every `checkpointInterval` entries, filled
/// the first time a replay passes it, and the last state it computed, so that stepping forward
/// costs one entry and any jump at most `checkpointInterval` entries once the checkpoints on the
/// way are filled. It never holds every state.
///
/// Editing the session is exact: the states after a toggled-off or moved entry are those of the
/// session replayed without it (or in the new order). An entry the edit leaves out of step is
/// still replayed as recorded and reported in ``InspectedEntry/problem``: a follow-up whose
/// recorded cause is toggled off or now comes after it, or a recorded async result after the
/// edit (it carries the whole state recorded then, which sets aside what the edit changed).
///
/// - Note: `@unchecked Sendable`: `lock` guards the journal, the edits, the checkpoints and the
///   cursor (the store that computed the last state); every public member takes it (the server's thread and the app's may
///   call at once). `makeStore` is called holding it, and the stores it makes are used only
///   while it is held; an HTML export of a long session calls it on several threads at once,
///   a store for each part it walks on a core of its own.
public final class Inspector<Root: State>: @unchecked Sendable {
    /// Recursive, so that a member may call others (an HTML export reads the whole session at
    /// once).
    let lock = Lock(recursive: true)
    /// The state the session starts from: the recording's, replaced when a journal file that
    /// carries its own is opened.
    private(set) var initialState: Root
    let interval: Int
    let makeStore: @Sendable (Root) -> Store<Root>
    /// A store of the app's features: what names the action types and reads imported journals.
    let namingStore: Store<Root>
    private(set) var recording: Journal<Root>
    var names: [String] = []
    var edits: SessionEdits
    /// `checkpoints[k]`: the state after the first `k * interval` positions of the session as
    /// edited, once a replay has passed there; `checkpoints[0]` is the initial state.
    var checkpoints: [Root?] = []
    /// The store that computed the last state, and how many positions its state reflects: where
    /// stepping forward goes on from.
    var cursor: (count: Int, store: Store<Root>)?

    /// Opens a recorded session.
    ///
    /// - Parameters:
    ///   - journal: The recording (an `ActionRecorder`'s journal, or one read from a file).
    ///   - initialState: The state the recording starts from.
    ///   - checkpointInterval: How many entries apart the inspector keeps a state: a jump
    ///     replays fewer than this many entries; memory grows by one state per interval.
    ///   - makeStore: Makes a store of the app's own features starting from a state:
    ///     `{ Store(initialState: $0, features: features) }`. Called on several threads at once
    ///     by an HTML export of a long session, so what the stores share must be `Sendable`.
    /// - Complexity: O(*n*) entries.
    public init(
        journal: Journal<Root>, initialState: Root, checkpointInterval: Int = 256,
        makeStore: @escaping @Sendable (Root) -> Store<Root>
    ) {
        self.initialState = initialState
        interval = max(1, checkpointInterval)
        self.makeStore = makeStore
        namingStore = makeStore(initialState)
        recording = journal
        edits = SessionEdits(count: 0)
        open(journal, from: initialState)
    }

    /// A copy of the session as it is now (its recording, edits, start and the checkpoints
    /// filled), with a lock of its own: long work on it (writing a test) holds up no caller of
    /// this inspector.
    func snapshot() -> Inspector {
        lock.withLock { Inspector(copying: self) }
    }

    /// A copy of another inspector's session. Holding its lock.
    private init(copying other: Inspector) {
        initialState = other.initialState
        interval = other.interval
        makeStore = other.makeStore
        namingStore = other.namingStore
        recording = other.recording
        names = other.names
        edits = other.edits
        checkpoints = other.checkpoints
    }

    /// Starts over on a journal from a state: no edit, no checkpoint but that state. Holding the
    /// lock (or in `init`).
    func open(_ journal: Journal<Root>, from start: Root) {
        initialState = start
        recording = journal
        edits = SessionEdits(count: journal.entries.count)
        checkpoints = [initialState] + Array(repeating: nil, count: journal.entries.count / interval)
        cursor = nil
        var known: [ObjectIdentifier: String] = [:]
        names = journal.entries.map { entry in
            guard case .action(let action) = entry else { return entry.typeName }
            let type = type(of: action)
            if let name = known[ObjectIdentifier(type)] { return name }
            let name = namingStore.recordingSeam.recordedName(of: type) ?? entry.typeName
            known[ObjectIdentifier(type)] = name
            return name
        }
    }

    /// How many entries the session has, toggled-off ones included.
    public var count: Int {
        lock.withLock { edits.count }
    }

    /// What reading the journal noticed without refusing it (such as a torn last line dropped).
    public var notes: [String] {
        lock.withLock { recording.notes }
    }

    /// The type names present in the session, each once, in the order they first appear.
    ///
    /// - Complexity: O(*n*) entries.
    public var typeNames: [String] {
        lock.withLock {
            var seen: Set<String> = []
            return names.filter { seen.insert($0).inserted }
        }
    }

    /// Whether the session differs from the recording: an entry toggled off or moved.
    public var isEdited: Bool {
        lock.withLock { edits.firstEdit != nil }
    }

    /// Runs a closure holding the lock (`Lock.withLock` rethrows untyped errors).
    func locked<Result>(_ body: () throws(InspectorError) -> Result) throws(InspectorError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Throws unless `index` is a position of the session (or -1, the start, if allowed).
    func check(_ index: Int, allowingStart: Bool = false) throws(InspectorError) {
        guard index >= (allowingStart ? -1 : 0), index < edits.count else {
            let range = edits.count == 0 ? "the session has no entry" : "entries are 0 to \(edits.count - 1)"
            throw InspectorError(
                .noSuchEntry, "There is no entry \(index) (\(range)\(allowingStart ? ", -1 the start" : "")).")
        }
    }
}
