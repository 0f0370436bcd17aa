public import Foundation
public import MultiRedux
import ReduxCore
internal import ReduxShared
public import ReduxTimeTravel

extension StateFile {
    /// Keeps a store's persistent parts in this file: restores them now (the snapshot, then the
    /// journal of what was applied since), and appends every action the store applies from now
    /// on to the journal.
    ///
    /// ```swift
    /// let persistence = try file.persist(store)
    /// // … dispatch …
    /// try persistence.close()
    /// ```
    ///
    /// Call it inside ``withExclusiveAccess(_:)`` (or ``beginExclusiveAccess()``), before the
    /// store applies its first action. Nothing is created before the file has been read: a
    /// corrupt or newer file is reported and left untouched.
    ///
    /// - Parameters:
    ///   - store: A store built from features, some placed with
    ///     ``PersistentFeature/at(_:persistedAs:reading:)``.
    ///   - durability: What a crash can lose (see ``Persistence``); `.everyAction` by default.
    ///   - compactionThreshold: How many journal entries ``Persistence/compactIfDue()`` lets the
    ///     journal reach before it writes a new snapshot (it does at 64 MiB of journal too).
    ///   - keepsUnclaimed: Whether stored parts that no feature of the store claims are kept in
    ///     the file (a feature removed from the app); `true` by default.
    ///   - readEarlier: Reads the file when the app wrote it before it used this module (it has
    ///     no `persistence` field); see ``EarlierFile``. Its errors report the file corrupt.
    /// - Returns: The store's persistence, to close when done. Keep it as long as the store runs:
    ///   when it is released without ``Persistence/close()``, journaling stops, as if the process
    ///   had ended there (the next open replays what was journaled).
    /// - Throws: ``PersistenceError``: the file or its journal is unreadable, corrupt, newer, not
    ///   a regular file, read-only; a part cannot be read or comes from a newer version of its feature; the
    ///   journal cannot be created. A journal entry that cannot be replayed is passed over and noted
    ///   (``Persistence/notes``), never a reason to refuse the file.
    /// - Complexity: O(*s* + *m*) for a snapshot of size *s* and *m* journal entries.
    public func persist<Root: State>(
        _ store: Store<Root>, durability: JournalWriter.Durability = .everyAction, compactionThreshold: Int = 10_000,
        keepsUnclaimed: Bool = true, readingEarlierFormat readEarlier: ((Data) throws -> EarlierFile)? = nil
    ) throws(PersistenceError) -> Persistence<Root> {
        try Persistence(
            store: store, file: self, durability: durability, compactionThreshold: compactionThreshold,
            keepsUnclaimed: keepsUnclaimed, readingEarlierFormat: readEarlier)
    }

    /// Restores a store's persistent parts from this file (the snapshot, then the journal of what
    /// was applied since), without keeping them: for a program that only reads the saved state.
    ///
    /// ```swift
    /// let store = Store(initialState: AppState(), features: features)
    /// try file.restore(store)
    /// print(store.state.settings)
    /// ```
    ///
    /// Changes nothing on disk and takes no lock: a writer replaces the snapshot atomically, and
    /// its journal is named by the snapshot's generation, so this reads a consistent state.
    ///
    /// - Parameters:
    ///   - store: A store built from features, some placed with
    ///     ``PersistentFeature/at(_:persistedAs:reading:)``.
    ///   - readEarlier: Reads the file when the app wrote it before it used this module.
    /// - Returns: Whether the file, or a journal beside it, held saved state.
    /// - Throws: What ``persist(_:durability:compactionThreshold:keepsUnclaimed:readingEarlierFormat:)``
    ///   throws when it reads.
    /// - Complexity: O(*s* + *m*) for a snapshot of size *s* and *m* journal entries.
    @discardableResult
    public func restore<Root: State>(
        _ store: Store<Root>, readingEarlierFormat readEarlier: ((Data) throws -> EarlierFile)? = nil
    ) throws(PersistenceError) -> Bool {
        let target = try target()
        let found = try readSnapshot(readingEarlierFormat: readEarlier)
        let parts = store.featureSeam.attachments.compactMap { $0 as? PersistedPart<Root> }
        let journal = try restore(store, parts: parts, from: found ?? PartsSnapshot(), target: target)
        return found != nil || journal != nil
    }

    /// Reads the snapshot; `nil` when there is no file, or an empty one (a fresh start).
    func readSnapshot(
        readingEarlierFormat readEarlier: ((Data) throws -> EarlierFile)?
    ) throws(PersistenceError) -> PartsSnapshot? {
        guard let data = try existingContents(), !data.isEmpty else { return nil }
        return try PartsSnapshot(data, path: path, readEarlier: readEarlier)
    }

    /// Restores the parts from the snapshot, then replays the journal that goes on from it.
    ///
    /// - Returns: The journal, `nil` when there is none.
    func restore<Root: State>(
        _ store: Store<Root>, parts: [PersistedPart<Root>], from snapshot: PartsSnapshot, target: URL
    ) throws(PersistenceError) -> Journal<Root>? {
        for part in parts {
            try restore(part, from: snapshot, into: store)
        }
        let url = journalURL(generation: snapshot.journalGeneration, beside: target)
        guard let journal = try readJournal(at: url, for: store) else { return nil }
        // The journal brings the persistent parts up to date; the others start fresh, as after a
        // close, even though their actions are in the journal too.
        let fresh = store.state
        // Entries it cannot replay (a type that was not Codable, a feature not placed now, a form
        // that changed) are passed over, and the journal's notes say so: refusing would leave the
        // user a file no version of the app could open.
        store.replayPassing(journal)
        store.recordingSeam.restore { state in
            var restored = fresh
            for part in parts {
                part.copy(state, &restored)
            }
            state = restored
        }
        return journal
    }

    /// Restores a declared part from the snapshot, if it holds one.
    func restore<Root: State>(
        _ part: PersistedPart<Root>, from snapshot: PartsSnapshot, into store: Store<Root>
    ) throws(PersistenceError) {
        guard let stored = snapshot.parts[part.name] else { return }
        guard stored.version <= part.version else {
            throw .corrupt(
                path: path,
                reason: "its part \(part.name) was written by version \(stored.version) of \(part.featureName), newer "
                    + "than the version \(part.version) this program has; use the newer program")
        }
        let restore: @Sendable (inout Root) -> Void
        do {
            restore = try part.decode(stored.value, stored.version)
        } catch {
            throw .corrupt(
                path: path, reason: "its part \(part.name) cannot be read: \(describeDecodingFailure(error))")
        }
        store.recordingSeam.restore(restore)
    }

    /// Reads the journal that goes on from the snapshot; `nil` when there is none.
    ///
    /// Read here, not by `Journal(contentsOf:)`, so that one too large is refused before it is read.
    private func readJournal<Root: State>(
        at url: URL, for store: Store<Root>
    ) throws(PersistenceError) -> Journal<Root>? {
        guard let status = try status(of: url.path) else { return nil }
        guard Self.kind(status.st_mode) == .regular else {
            throw .corrupt(path: path, reason: "its journal \(url.path) is not a regular file")
        }
        // Removed since (a reader racing a save's clean-up): read as empty, as a journal reader does.
        let contents = try contents(of: url.path, called: "its journal \(url.path)") ?? Data()
        do {
            var actions = RecordableActions(store)
            actions.passesOverUnreadable = true
            return try Journal<Root>(reading: [UInt8](contents), from: url.path, actions: actions)
        } catch {
            throw .corrupt(path: path, reason: "its journal cannot be read: \(error.message)")
        }
    }
}
