import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The state file while a command changes it: a store loaded from the snapshot and its journal,
/// whose every applied action is appended to the journal before `dispatch` returns.
///
/// ```swift
/// try file.withExclusiveAccess {
///     let journal = try StateJournal(file: file)
///     journal.store.dispatch(UpdateSettingsAction(change: .bestOf(5)))   // one line appended
///     try journal.close()                                                // folded into the snapshot
/// }
/// ```
///
/// A round costs an append of its actions (one `write` each, ``JournalWriter/Durability/everyAction``),
/// not a rewrite of the file, so it survives `kill -9` at any moment once `dispatch` has
/// returned, and its cost does not grow with the history. The snapshot is rewritten (atomically,
/// as ``StateFile/save(_:)`` does) when the journal has grown as long as the history
/// (``compactIfDue()``) and when the command ends (``close()``), so a state file at rest is one
/// file, readable by every earlier `rps`.
///
/// Use it inside ``StateFile/withExclusiveAccess(_:)``, from one thread.
public final class StateJournal {
    /// The store the command dispatches to; its actions are journaled.
    public let store: Store<AppState>
    /// The state file.
    public let file: StateFile
    /// Whether a snapshot or a journal was there to load: `false` for a fresh start.
    public let foundSavedState: Bool
    private let target: URL
    private let compactionThreshold: Int
    /// How the journal writes its file: the system's calls, or a test's.
    private let journalCalls: JournalWriter.FileCalls
    /// The journal generation of the snapshot on disk.
    private var generation: Int
    /// The settings and history the snapshot on disk holds; `nil` when there is no snapshot.
    private var snapshot: PersistedState?
    /// Entries in the journal file before this recorder's.
    private var earlierEntries = 0
    private var recorder: ActionRecorder<AppState>?
    /// The recorder's journal file.
    private var writer: JournalWriter?

    /// Loads the state file (the snapshot, then its journal replayed on it) and starts
    /// journaling the store's actions, creating the journal beside the file.
    ///
    /// Nothing is created before the load succeeds: a corrupt or newer file is left untouched.
    ///
    /// - Parameters:
    ///   - file: The state file.
    ///   - compactionThreshold: How many journal entries ``compactIfDue()`` lets the journal
    ///     reach, at least, before it rewrites the snapshot.
    ///   - dependencies: The store's dependencies: the computer and its thinking time.
    /// - Throws: What ``StateFile/load()`` throws; ``PersistenceError/unwritable(path:reason:)``
    ///   when the journal cannot be created or opened.
    /// - Complexity: O(*n* + *m*) for *n* saved rounds and *m* journal entries.
    public convenience init(
        file: StateFile, compactionThreshold: Int = 20_000, dependencies: Dependencies = Dependencies()
    ) throws(PersistenceError) {
        try self.init(
            file: file, compactionThreshold: compactionThreshold, journalCalls: .system, dependencies: dependencies)
    }

    /// Loads the state file and starts journaling through the given system calls (a test's, to
    /// make appends fail).
    package init(
        file: StateFile, compactionThreshold: Int = 20_000, journalCalls: JournalWriter.FileCalls,
        dependencies: Dependencies = Dependencies()
    ) throws(PersistenceError) {
        self.file = file
        self.compactionThreshold = compactionThreshold
        self.journalCalls = journalCalls
        target = try file.target()
        let loaded = try file.loadStore(beside: target, dependencies: dependencies)
        snapshot = loaded.snapshot?.state
        generation = loaded.snapshot?.journalGeneration ?? 0
        store = loaded.store
        earlierEntries = loaded.journal?.entries.count ?? 0
        foundSavedState = loaded.snapshot != nil || loaded.journal != nil
        try openJournal()
    }

    deinit {
        recorder?.stop()
    }

    /// The journal file being appended to.
    public var journalURL: URL {
        file.journalURL(generation: generation, beside: target)
    }

    /// How many actions the journal file holds.
    public var journalEntries: Int {
        earlierEntries + (recorder?.position ?? 0)
    }

    /// Makes sure every action applied so far is saved, before the caller shows what it did.
    ///
    /// Normally each is in the journal already. When an append failed (a full disk, most likely;
    /// see ``JournalWriter/writeError``), the action is only in memory: journaling stops and the
    /// store's state is saved as the snapshot at once. Either way this then throws, since the
    /// next action could not be journaled either.
    ///
    /// - Throws: ``PersistenceError/journalUnwritable(path:reason:saved:)``, whose `saved` says
    ///   whether every action is now in the state file (in the snapshot, or in the journal on a
    ///   last try) or the ones whose append failed are lost (the file keeps everything before
    ///   them, undamaged).
    /// - Complexity: O(1) when every append succeeded.
    public func confirmSaved() throws(PersistenceError) {
        guard let writer, let failure = writer.writeError else { return }
        // Stopping the recorder makes the journal try its waiting lines once more.
        var reason = failure.message
        var saved = true
        do {
            try compact()
        } catch {
            saved = writer.writeError == nil
            let why = if case .unwritable(_, let why) = error { why } else { error.description }
            reason += " Saving the state file instead failed too: \(why)"
        }
        throw .journalUnwritable(path: file.path, reason: reason, saved: saved)
    }

    /// Rewrites the snapshot when the journal has as many entries as the history has rounds
    /// (and at least the compaction threshold), then goes on with a new journal: a long game's
    /// journal stays about as long as the history, and the rewrites cost O(1) per round
    /// amortised. Call it between rounds.
    ///
    /// - Returns: Whether the snapshot was rewritten.
    /// - Throws: What ``StateFile/save(_:)`` throws. Journaling has then stopped; the journal is
    ///   kept whole, and the next load replays it.
    @discardableResult
    public func compactIfDue() throws(PersistenceError) -> Bool {
        let entries = journalEntries
        guard recorder != nil, entries >= compactionThreshold, entries >= store.state.scoreHistory.rounds.count else {
            return false
        }
        try compact()
        try openJournal()
        // The players a session seated are not part of the snapshot: seat them again, so the
        // new journal replays the next rounds with them.
        if let lineup = store.state.game.lineup {
            store.dispatch(SeatPlayersAction(lineup: lineup))
        }
        return true
    }

    /// Stops journaling and folds the journal into a new snapshot, removing it; when the
    /// settings and history are what the snapshot holds, only removes the journal. Either way
    /// the state file is left as one file.
    ///
    /// - Throws: What ``StateFile/save(_:)`` throws. The journal is then kept, and the next
    ///   load replays it.
    public func close() throws(PersistenceError) {
        guard recorder != nil else { return }
        let now = PersistedState(store.state)
        let unchanged =
            snapshot.map { $0.settings == now.settings && $0.scoreHistory == now.scoreHistory }
            ?? (now == PersistedState(AppState()))
        if unchanged {
            stopRecording()
            _ = unlink(journalURL.path)
        } else {
            try compact()
        }
    }

    /// Stops journaling and writes the store's state as the next snapshot, removing the journal.
    private func compact() throws(PersistenceError) {
        stopRecording()
        generation = try file.saveSnapshot(store.state, after: generation)
        snapshot = PersistedState(store.state)
        earlierEntries = 0
    }

    private func stopRecording() {
        earlierEntries = journalEntries
        recorder?.stop()
        recorder = nil
        writer = nil
    }

    /// Opens (or creates) the journal of the current generation and records the store into it.
    private func openJournal() throws(PersistenceError) {
        let url = journalURL
        try file.createJournal(at: url, like: try file.status(of: target.path))
        let writer: JournalWriter
        do {
            writer = try JournalWriter(
                path: url.path, durability: .everyAction, includesStates: false, calls: journalCalls)
        } catch {
            throw .unwritable(path: file.path, reason: error.message)
        }
        // No snapshots in memory: the game never moves back through its journal.
        recorder = ActionRecorder(store, snapshotInterval: .max, file: writer)
        self.writer = writer
    }
}
