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
///   while it is held.
public final class Inspector<Root: State>: @unchecked Sendable {
    /// Recursive, so that a member may call others (an HTML export reads the whole session at
    /// once).
    let lock = Lock(recursive: true)
    /// The state the session starts from: the recording's, replaced when a journal file that
    /// carries its own is opened.
    private(set) var initialState: Root
    private let interval: Int
    private let makeStore: @Sendable (Root) -> Store<Root>
    /// A store of the app's features: what names the action types and reads imported journals.
    let namingStore: Store<Root>
    private(set) var recording: Journal<Root>
    private var names: [String] = []
    private var edits: SessionEdits
    /// `checkpoints[k]`: the state after the first `k * interval` positions of the session as
    /// edited, once a replay has passed there; `checkpoints[0]` is the initial state.
    private var checkpoints: [Root?] = []
    /// The store that computed the last state, and how many positions its state reflects: where
    /// stepping forward goes on from.
    private var cursor: (count: Int, store: Store<Root>)?

    /// Opens a recorded session.
    ///
    /// - Parameters:
    ///   - journal: The recording (an `ActionRecorder`'s journal, or one read from a file).
    ///   - initialState: The state the recording starts from.
    ///   - checkpointInterval: How many entries apart the inspector keeps a state: a jump
    ///     replays fewer than this many entries; memory grows by one state per interval.
    ///   - makeStore: Makes a store of the app's own features starting from a state:
    ///     `{ Store(initialState: $0, features: features) }`.
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

    /// The entry at a position of the session as edited.
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: O(*c*) in the length of its chain of causes, plus O(*n*) to find where the
    ///   session was first edited, if it was.
    public func entry(at index: Int) throws(InspectorError) -> InspectedEntry {
        try locked { () throws(InspectorError) in
            try check(index)
            return describe(index, firstEdit: edits.firstEdit)
        }
    }

    /// The entries at some positions of the session as edited (a page of the list).
    ///
    /// - Parameter indices: Positions from 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: O(*n*) entries once, plus O(*c*) per entry.
    public func entries(at indices: some Sequence<Int>) throws(InspectorError) -> [InspectedEntry] {
        try locked { () throws(InspectorError) in
            let firstEdit = edits.firstEdit
            var entries: [InspectedEntry] = []
            for index in indices {
                try check(index)
                entries.append(describe(index, firstEdit: firstEdit))
            }
            return entries
        }
    }

    /// The positions of the entries of a type, in order.
    ///
    /// - Parameter typeName: A type name as ``InspectedEntry/typeName`` gives it.
    /// - Complexity: O(*n*) entries.
    public func indices(ofType typeName: String) -> [Int] {
        indices(ofType: typeName, matching: "")
    }

    /// The positions of the entries of a type (any, when nil) whose type name or values contain
    /// a text, ignoring case (every one, when it is empty): the page's search.
    ///
    /// - Complexity: O(*n*) entries, each described when `text` is not empty.
    func indices(ofType typeName: String?, matching text: String) -> [Int] {
        let lowered = text.lowercased()
        return lock.withLock {
            edits.order.indices.filter { position in
                let recorded = edits.order[position]
                guard typeName.map({ names[recorded] == $0 }) ?? true else { return false }
                guard !lowered.isEmpty else { return true }
                let described = names[recorded] + " " + Self.summary(of: recording.entries[recorded])
                return described.lowercased().contains(lowered)
            }
        }
    }

    /// The state after the entry at a position of the session as edited (after the entries
    /// before it, when it is toggled off).
    ///
    /// - Parameter index: From -1 (the state the session starts from) to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside that range.
    /// - Complexity: O(`checkpointInterval`) entries replayed once the checkpoints before `index`
    ///   are filled; O(1) when `index` is the last state computed or the next one.
    public func state(after index: Int) throws(InspectorError) -> Root {
        try locked { () throws(InspectorError) in
            try check(index, allowingStart: true)
            return state(applyingFirst: index + 1)
        }
    }

    /// What the entry at a position changed: the differences between the states before and after
    /// it, field by field (empty for an entry toggled off or that changed nothing).
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: that of ``state(after:)``, plus the walk of both states.
    public func changes(at index: Int) throws(InspectorError) -> [StateChange] {
        let (before, after) = try locked { () throws(InspectorError) in
            try check(index)
            return (state(applyingFirst: index), state(applyingFirst: index + 1))
        }
        return StateDiff(expected: before, actual: after).differences.map {
            StateChange(path: $0.path, old: $0.expected, new: $0.actual)
        }
    }

    /// The state after an entry as a tree, for display.
    ///
    /// - Parameter index: From -1 (the state the session starts from) to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside that range.
    /// - Complexity: that of ``state(after:)``, plus O(size of the state).
    public func stateTree(after index: Int) throws(InspectorError) -> StateNode {
        try StateNode(state(after: index))
    }

    /// Toggles the entry at a position off (the states after it are recomputed without it), or
    /// on again.
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: O(*n*) checkpoints dropped; the states are recomputed when asked for.
    public func toggle(_ index: Int) throws(InspectorError) {
        try locked { () throws(InspectorError) in
            try check(index)
            forgetStates(after: edits.toggle(at: index))
        }
    }

    /// Moves the entry at position `from` so that it ends up at position `to`: the entries
    /// between shift by one, and the states from the first moved position on are recomputed.
    ///
    /// - Parameters:
    ///   - from: The entry's position, from 0 to ``count`` - 1.
    ///   - to: Its new position, from 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for a position outside the session.
    /// - Complexity: O(*n*) entries.
    public func move(from: Int, to: Int) throws(InspectorError) {
        try locked { () throws(InspectorError) in
            try check(from)
            try check(to)
            forgetStates(after: edits.move(from: from, to: to))
        }
    }

    /// The session as edited, as a journal: the entries not toggled off, in their order, with
    /// the causes that still come before their effects' output, and each entry's call site and
    /// time.
    ///
    /// - Complexity: O(*n*) entries.
    public var editedJournal: Journal<Root> {
        lock.withLock {
            var kept: [Int: Int] = [:]
            var journal = Journal<Root>(notes: recording.notes)
            for position in edits.order.indices where !edits.isSkipped(at: position) {
                let recorded = edits.order[position]
                if let cause = recording.causes[recorded], let causeIndex = kept[cause] {
                    journal.causes[journal.entries.count] = causeIndex
                }
                kept[recorded] = journal.entries.count
                journal.sites[journal.entries.count] = recording.sites[recorded]
                journal.times[journal.entries.count] = recording.times[recorded]
                journal.entries.append(recording.entries[recorded])
            }
            return journal
        }
    }

    /// Replaces the session with another recording of the same app, from the same initial
    /// state; the edits and computed states are dropped.
    ///
    /// - Parameter journal: The recording.
    public func open(journal: Journal<Root>) {
        lock.withLock { open(journal, from: initialState) }
    }

    /// Runs a closure holding the lock (`Lock.withLock` rethrows untyped errors).
    private func locked<Result>(_ body: () throws(InspectorError) -> Result) throws(InspectorError) -> Result {
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

extension Inspector {
    /// Describes the entry at a position. Holding the lock.
    private func describe(_ position: Int, firstEdit: Int?) -> InspectedEntry {
        let recorded = edits.order[position]
        let entry = recording.entries[recorded]
        var causes: [Int] = []
        var cause = recording.causes[recorded]
        while let recordedCause = cause, causes.count < edits.count {
            causes.append(edits.positions[recordedCause])
            cause = recording.causes[recordedCause]
        }
        return InspectedEntry(
            index: position, recordedIndex: recorded, typeName: names[recorded], summary: Self.summary(of: entry),
            causes: causes, isSkipped: edits.isSkipped(at: position),
            problem: problem(at: position, causes: causes, firstEdit: firstEdit), site: recording.sites[recorded],
            time: recording.times[recorded])
    }

    /// Why the entry at a position no longer applies cleanly, if it does not. Holding the lock.
    private func problem(at position: Int, causes: [Int], firstEdit: Int?) -> String? {
        let entry = recording.entries[edits.order[position]]
        guard entry.isReplayable else {
            return "It was recorded as not replayable (its type was not Codable), so the states leave it out."
        }
        guard !edits.isSkipped(at: position) else { return nil }
        for (distance, cause) in causes.enumerated() {
            let which = distance == 0 ? "its cause" : "the action that started its chain"
            let name = "#\(cause) (\(names[edits.order[cause]]))"
            if edits.isSkipped(at: cause) {
                return "It no longer applies cleanly: \(which) \(name) is toggled off, but it is replayed as recorded."
            }
            if cause > position {
                return "It no longer applies cleanly: \(which) \(name) now comes after it, but it is replayed here."
            }
        }
        if case .asyncResult = entry, let firstEdit, firstEdit < position {
            return "It no longer applies cleanly: a recorded async result sets the whole state recorded after it, "
                + "which sets aside what the edit at #\(firstEdit) changed."
        }
        return nil
    }

    /// An entry on one line: the action's description, or the reducer whose result it is.
    static func summary(of entry: JournalEntry<Root>) -> String {
        switch entry {
        case .action(let action): ValueDescription.of(action)
        case .asyncResult(let reducer, _): "the result of \(reducer)"
        case .notReplayable(let typeName): "\(typeName) (not replayable)"
        }
    }

    /// The state after the first `count` positions of the session as edited (toggled-off and
    /// not replayable entries are not applied), replayed from the nearest state known before,
    /// filling the checkpoints on the way. Holding the lock.
    private func state(applyingFirst count: Int) -> Root {
        if let cursor, cursor.count == count {
            return cursor.store.state
        }
        var checkpoint = count / interval
        while checkpoints[checkpoint] == nil {
            checkpoint -= 1
        }
        var position = checkpoint * interval
        let store: Store<Root>
        if let cursor, cursor.count < count, cursor.count >= position {
            (position, store) = cursor
        } else {
            store = makeStore(checkpoints[checkpoint]!)
        }
        while position < count {
            let end = min(count, (position / interval + 1) * interval)
            let entries = edits.order[position..<end].compactMap { recorded -> JournalEntry<Root>? in
                let entry = recording.entries[recorded]
                return entry.isReplayable && !edits.skipped.contains(recorded) ? entry : nil
            }
            do {
                try store.replay(Journal(entries: entries))
            } catch {
                preconditionFailure("ReduxInspector: replayed an entry that is not replayable: \(error)")
            }
            position = end
            if position % interval == 0 {
                checkpoints[position / interval] = store.state
            }
        }
        cursor = (count, store)
        return store.state
    }

    /// Drops the states that reflect the positions from `position` on. Holding the lock.
    private func forgetStates(after position: Int) {
        for checkpoint in checkpoints.indices where checkpoint * interval > position {
            checkpoints[checkpoint] = nil
        }
        if let cursor, cursor.count > position {
            self.cursor = nil
        }
    }
}
