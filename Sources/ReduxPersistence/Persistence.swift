import Foundation
public import MultiRedux
import ReduxCore
internal import ReduxShared
public import ReduxTimeTravel

/// A store's persistent parts kept in a ``StateFile``: restored when it starts, every action
/// appended to the file's journal as it is applied, folded into a new snapshot when the journal
/// has grown and when it closes.
///
/// ```swift
/// let file = StateFile(url: stateURL)
/// let access = try file.beginExclusiveAccess()   // one writer at a time
/// defer { access.end() }
/// let store = Store(initialState: AppState(), features: [
///     GameFeature().at(\.game),
///     SettingsFeature().at(\.settings, persistedAs: "settings"),
/// ])
/// let persistence = try file.persist(store)       // settings as they were saved
/// store.dispatch(SetVolume(level: 7))             // appended before dispatch returns
/// try persistence.close()                         // one file again
/// ```
///
/// Only the parts declared with ``PersistentFeature/at(_:persistedAs:reading:)`` are written;
/// the rest of the state starts fresh each time. A part declared by a feature added later
/// (`store.add(_:)`) is restored from the file when it is added. A stored part no feature claims
/// is kept in the file, unless `keepsUnclaimed` is false.
///
/// **What a crash can lose.** The journal holds every applied action (its `Codable` ones; see
/// `RecordableActions`), replayed on the snapshot when the file is next opened:
/// - `.everyAction` (the default): each action is written before `dispatch` returns, so a process
///   killed at any moment loses nothing that was confirmed; a power loss may lose what the
///   system had not stored yet.
/// - `.synchronized`: each action is also flushed to the device (`fsync`): a power loss loses
///   nothing confirmed; the slowest.
/// - `.buffered`: actions are written 64 KiB at a time, and at ``compactIfDue()`` and
///   ``close()``: the fastest; a crash loses what was not written yet.
///
/// A line torn by a crash is dropped when the journal is read. The parts not declared persistent
/// start fresh after a crash too, although the journal holds their actions. Changes journaled for
/// a part whose feature is not placed when the file is next opened are not applied to it (its
/// reducers are not there to apply them); its stored value stays as the snapshot has it.
///
/// An entry the journal cannot hold (an action that is not `Codable`, an effect's change when the
/// root state is not, since it is journaled as the state it led to) is written as a line that
/// says so, and makes ``compactIfDue()`` due at once, so what it changed reaches the snapshot. A
/// crash before that loses only what such entries changed: opening passes over them, and over
/// actions no feature placed now handles, and ``notes`` says so; it never refuses the file.
///
/// Use it inside the file's exclusive access.
///
/// - Note: `@unchecked Sendable`: every mutable property is guarded by `lock` (recursive), which
///   each method holds throughout, so a feature added on another thread restores its part, and
///   compacts, in turn with the others.
public final class Persistence<Root: State>: @unchecked Sendable {
    /// The store whose parts are kept.
    public let store: Store<Root>
    /// The file they are kept in.
    public let file: StateFile
    /// Whether the file, or a journal beside it, held saved state when it was opened: `false` for
    /// a fresh start.
    public private(set) var foundSavedState = false
    /// What opening the file noticed and mended, in words: a line torn by a crash, dropped;
    /// journal entries that cannot be replayed, passed over. Set once, while opening.
    public private(set) var notes: [String] = []
    private let target: URL
    private let durability: JournalWriter.Durability
    private let compactionThreshold: Int
    /// How many bytes a journal may hold before ``compactIfDue()`` folds it in, whatever the
    /// number of its actions: 64 MiB, a quarter of what a journal may hold to be read back. A
    /// test sets it lower before the first action.
    var largestJournalSize = StateFile.largestFileSize / 4
    private let keepsUnclaimed: Bool
    private let seams: PersistenceSeams
    /// Guards everything below.
    private let lock = Lock(recursive: true)
    /// The parts the store's features declared, by name.
    private var parts: [String: PersistedPart<Root>] = [:]
    /// The snapshot on disk, with the parts no feature claims.
    private var snapshot: PartsSnapshot
    /// Journal entries in the file before this recorder's.
    private var earlierEntries = 0
    /// The store's state when its persistent parts were last as the file holds them (opened
    /// without journal entries to replay, or just compacted); `nil` when the file's journal held
    /// changes. A copy on write: holding it costs nothing until the store changes.
    private var savedState: Root?
    private var recorder: ActionRecorder<Root>?
    private var writer: JournalWriter?
    /// The state when the first recorder started (the file opened): where the session goes on from.
    private var sessionStart: Root?
    /// What the recorders that compactions replaced recorded, in order.
    private var sessionSoFar = Journal<Root>()

    /// Restores the store's persistent parts from the file and starts journaling its actions.
    package init(
        store: Store<Root>, file: StateFile, durability: JournalWriter.Durability, compactionThreshold: Int,
        keepsUnclaimed: Bool, readingEarlierFormat readEarlier: ((Data) throws -> EarlierFile)?,
        seams: PersistenceSeams = .system
    ) throws(PersistenceError) {
        self.store = store
        self.file = file
        self.durability = durability
        self.compactionThreshold = compactionThreshold
        self.keepsUnclaimed = keepsUnclaimed
        self.seams = seams
        target = try file.target()
        try file.checkWritable(target)
        let found = try file.readSnapshot(readingEarlierFormat: readEarlier)
        snapshot = found ?? PartsSnapshot()
        lock.lock()
        defer { lock.unlock() }
        let declared = store.featureSeam.observeAttachments { [weak self] attachment in
            guard let part = attachment as? PersistedPart<Root> else { return }
            self?.claimAdded(part)
        }
        for part in declared.compactMap({ $0 as? PersistedPart<Root> }) {
            parts[part.name] = part
        }
        let journal = try file.restore(store, parts: Array(parts.values), from: snapshot, target: target)
        foundSavedState = found != nil || journal != nil
        notes = journal?.notes ?? []
        earlierEntries = journal?.entries.count ?? 0
        savedState = earlierEntries == 0 ? store.state : nil
        try openJournal()
    }

    deinit {
        recorder?.stop()
    }

    /// How many actions the journal file holds.
    public var journalEntries: Int {
        lock.withLock { earlierEntries + (recorder?.position ?? 0) }
    }

    /// What has been applied since the file was opened, compactions included: the state the
    /// session started from and its actions, with their causes, sites and times; nil once closed.
    /// Read it before ``close()`` to keep the session for a look later (ReduxInspector's
    /// `SessionRecording`). The actions stay in memory for the session (as the recorder keeps
    /// them anyway), however often the journal file is folded into a snapshot.
    ///
    /// - Complexity: O(*n*) in the actions applied since the file was opened.
    public var recentSession: (start: Root, journal: Journal<Root>)? {
        lock.withLock {
            guard let start = sessionStart, let recorder else { return nil }
            return (start, sessionSoFar.appending(recorder.journal))
        }
    }

    /// Makes sure every action applied so far is saved, before the program shows what it did.
    ///
    /// Normally each is in the journal already. When an append failed (a full disk, most likely),
    /// journaling stops and the store's state is saved as the snapshot at once; either way this
    /// then throws, since the next action could not be journaled either.
    ///
    /// - Throws: ``PersistenceError/journalUnwritable(path:reason:saved:)``, whose `saved` says
    ///   whether every action is now in the file.
    /// - Complexity: O(1) when every append succeeded.
    public func confirmSaved() throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        guard let writer, let failure = writer.writeError else { return }
        var reason = failure.message
        var saved = true
        do {
            try compact()
        } catch {
            saved = writer.writeError == nil
            reason += " Saving the state file instead failed too: \(error.description)"
        }
        throw .journalUnwritable(path: file.path, reason: reason, saved: saved)
    }

    /// Folds the journal into a new snapshot when it holds at least `compactionThreshold`
    /// actions, or 64 MiB, then goes on with a new journal: the journal stays short, and each
    /// rewrite's cost (the snapshot's size) is spread over that many actions. Call it between
    /// actions.
    ///
    /// The size bound keeps a journal of large actions readable: a file over the 256 MiB a
    /// state file may hold is refused when it is opened, so a journal is folded in long before.
    ///
    /// A journal holding an entry it could not write (an action that is not `Codable`, an
    /// effect's change when the root state is not) is due at once: a replay after a crash would
    /// pass over what that entry changed.
    ///
    /// - Returns: Whether the snapshot was rewritten.
    /// - Throws: What saving throws; journaling has then stopped, the journal is kept whole, and
    ///   the next open replays it.
    @discardableResult
    public func compactIfDue() throws(PersistenceError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let recorder,
            journalEntries >= compactionThreshold || recorder.fileHoldsNotReplayable || journalIsLarge
        else {
            return false
        }
        try compact()
        try openJournal()
        return true
    }

    /// Whether the journal file has reached ``largestJournalSize`` bytes. Holding the lock.
    private var journalIsLarge: Bool {
        guard let writer else { return false }
        var status = stat()
        return stat(writer.path, &status) == 0 && Int(status.st_size) >= largestJournalSize
    }

    /// Stops journaling and folds the journal into a new snapshot, removing it; when the
    /// persistent parts are as the file holds them (their values `Equatable` and equal), only
    /// removes the journal. Either way the file is left as one file, and a run that changed
    /// nothing kept leaves no file behind where there was none.
    ///
    /// - Throws: What saving throws; the journal is then kept, and the next open replays it.
    public func close() throws(PersistenceError) {
        lock.lock()
        defer { lock.unlock() }
        guard recorder != nil else { return }
        if journalEntries == 0 || partsAreAsSaved {
            stopRecording()
            _ = unlink(file.journalURL(generation: snapshot.journalGeneration, beside: target).path)
        } else {
            try compact()
        }
    }

    // MARK: Parts

    /// Whether every persistent part is as the file holds it, and no unclaimed part is to be
    /// dropped: a snapshot would hold what the file does.
    private var partsAreAsSaved: Bool {
        guard let savedState, keepsUnclaimed || snapshot.parts.keys.allSatisfy({ parts[$0] != nil }) else {
            return false
        }
        let state = store.state
        return parts.values.allSatisfy { $0.isUnchanged(savedState, state) }
    }

    /// Restores a part whose feature was added while the store runs, then folds the journal into
    /// a snapshot, so that a later replay starts where the part joined.
    private func claimAdded(_ part: PersistedPart<Root>) {
        lock.lock()
        defer { lock.unlock() }
        do {
            parts[part.name] = part
            try file.restore(part, from: snapshot, into: store)
            if var saved = savedState {
                part.copy(store.state, &saved)
                savedState = saved
            }
            if recorder != nil, journalEntries > 0 {
                try compact()
                try openJournal()
            }
        } catch {
            store.issueReporter.report(
                ReduxIssue(.misuse, "\(part.featureName) was added, but its part could not be restored: \(error)"))
        }
    }

    // MARK: Journal and snapshot

    /// Opens (or creates) the journal of the current generation and records the store into it.
    private func openJournal() throws(PersistenceError) {
        let url = file.journalURL(generation: snapshot.journalGeneration, beside: target)
        let created = try file.createJournal(at: url, like: try file.status(of: target.path))
        let writer: JournalWriter
        do {
            writer = try JournalWriter(
                path: url.path, durability: durability, includesStates: false, calls: seams.journalCalls)
        } catch {
            // Its header could not be written (a full disk): a journal made just now holds nothing, and
            // is not left beside the file.
            if created {
                _ = unlink(url.path)
            }
            throw .unwritable(path: file.path, reason: error.message)
        }
        recorder = ActionRecorder(store, snapshotInterval: .max, file: writer)
        sessionStart = sessionStart ?? store.state
        self.writer = writer
    }

    private func stopRecording() {
        earlierEntries = journalEntries
        recorder?.stop()
        if let recorder {
            // The session goes on past a compaction: keep what this recorder saw.
            sessionSoFar.append(recorder.journal)
        }
        recorder = nil
        writer = nil
    }

    /// Stops journaling and writes the store's persistent parts (and the unclaimed ones) as the
    /// next snapshot, removing the journal.
    private func compact() throws(PersistenceError) {
        stopRecording()
        let state = store.state
        var next = snapshot
        if !keepsUnclaimed {
            next.parts = next.parts.filter { name, _ in parts[name] != nil }
        }
        for part in parts.values {
            do {
                next.parts[part.name] = PartsSnapshot.Part(version: part.version, value: try part.encode(state))
            } catch {
                throw .unwritable(path: file.path, reason: "the part \(part.name) could not be encoded (\(error))")
            }
        }
        // At most `PartsSnapshot.largestJournalGeneration`, as every file read is: one more is an `Int`,
        // but past what a read accepts when the file held the largest.
        let replaced = next.journalGeneration
        guard replaced < PartsSnapshot.largestJournalGeneration else {
            let journal = file.journalURL(generation: replaced, beside: target).path
            throw .unwritable(
                path: file.path,
                reason: "its journalGeneration \(replaced) is the largest a state file may hold, so the next "
                    + "snapshot could not be numbered and no run would read it; what was applied is kept in its "
                    + "journal \(journal), which the next run replays")
        }
        next.journalGeneration = replaced + 1
        let contents = try next.encodedReadingBack(path: file.path)
        try file.checkWritable(target)
        // A journal of the new generation can only be a stale one; none may follow the new snapshot.
        _ = unlink(file.journalURL(generation: replaced + 1, beside: target).path)
        try file.replaceAtomically(
            target, with: contents, like: try file.status(of: target.path), replacing: seams.replace)
        file.removeJournals(upTo: replaced, beside: target)
        snapshot = next
        savedState = state
        earlierEntries = 0
    }
}
