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

/// The journal beside the state file: where it is, and how loading reads it.
///
/// The state file is a snapshot; the actions applied since it was written are appended to the
/// journal `.state.json.<generation>.journal` beside it (beside the file its symbolic links lead
/// to), where `<generation>` is the snapshot's `journalGeneration`. Each save writes the next
/// generation into the new snapshot before it removes the old journal, so a journal is read
/// only with the snapshot it goes on from, whenever a save was interrupted. See
/// Docs/Decisions/0011-state-file-journal.md.
extension StateFile {
    /// Reads the snapshot alone; `nil` when there is no file, or an empty one (`touch`ed: a fresh
    /// start, which the first change fills).
    func loadSnapshot() throws(PersistenceError) -> StateFileFormat.Snapshot? {
        guard let status = try status(of: path) else { return nil }
        try requireRegularFile(status)
        let data = try contents()
        guard !data.isEmpty else { return nil }
        return try StateFileFormat.decode(data, path: path)
    }

    /// The saved state in a store: the snapshot (a fresh state when there is none), with the
    /// actions its journal recorded since replayed on it. Never changes the files.
    ///
    /// - Parameters:
    ///   - target: The file the path leads to (see ``target()``), beside which the journal is.
    ///   - dependencies: The store's dependencies.
    /// - Returns: The snapshot (`nil` when there is no file), the store, and the journal (`nil`
    ///   when there is none).
    /// - Throws: What ``loadSnapshot()``, ``readJournal(at:for:)`` and ``replay(_:into:)`` throw.
    /// - Complexity: O(*n* + *m*) for *n* saved rounds and *m* journal entries.
    func loadStore(
        beside target: URL, dependencies: Dependencies = Dependencies()
    ) throws(PersistenceError) -> (
        snapshot: StateFileFormat.Snapshot?, store: Store<AppState>, journal: Journal<AppState>?
    ) {
        let snapshot = try loadSnapshot()
        let store = RockPaperScissorsApp.makeStore(
            initialState: snapshot?.state.appState ?? AppState(), dependencies: dependencies)
        let journal = try readJournal(
            at: journalURL(generation: snapshot?.journalGeneration ?? 0, beside: target), for: store)
        if let journal {
            try replay(journal, into: store)
        }
        return (snapshot, store, journal)
    }

    /// Reads a journal; `nil` when there is none. Never changes the file.
    ///
    /// The actions it may name are those the store's features record (the `Codable` actions their reducers handle),
    /// under the names journals give them now (`GameFeature.ChooseWeaponAction`) and the
    /// module-qualified ones earlier journals used (`RockPaperScissors.ChooseWeaponAction`).
    ///
    /// - Parameters:
    ///   - journal: The journal's URL.
    ///   - store: The store it is read for.
    /// - Returns: Its entries (a torn last line, from a process killed while appending it, is
    ///   dropped: that action had not returned, so its round was never shown).
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` naming the journal (and the line) for
    ///   something other than a regular file, a damaged line, an unknown action or format;
    ///   ``PersistenceError/unreadable(path:reason:)`` when it cannot be read.
    func readJournal(at journal: URL, for store: Store<AppState>) throws(PersistenceError) -> Journal<AppState>? {
        var status = stat()
        guard lstat(journal.path, &status) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else {
                throw .unreadable(path: path, reason: "its journal \(journal.path): \(Self.systemError())")
            }
            return nil
        }
        let kind = Self.kind(status.st_mode)
        guard kind == .regular else {
            throw .corrupt(path: path, reason: "its journal \(journal.path) is \(kind), not a regular file")
        }
        do {
            return try Journal<AppState>(contentsOf: journal.path, actions: RecordableActions(store))
        } catch {
            if error.kind == .fileAccess {
                throw .unreadable(path: path, reason: error.message)
            }
            throw .corrupt(path: path, reason: "its journal cannot be read: \(error.message)")
        }
    }

    /// Applies a journal to a store.
    ///
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` when an entry cannot be replayed.
    func replay(_ journal: Journal<AppState>, into store: Store<AppState>) throws(PersistenceError) {
        do {
            try store.replay(journal)
        } catch {
            throw .corrupt(path: path, reason: "its journal cannot be replayed: \(error.message)")
        }
    }
}
