import Foundation
import MultiRedux
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
    /// The journal that goes on from the snapshot of the given generation.
    ///
    /// - Parameters:
    ///   - generation: The snapshot's `journalGeneration` (0 for a file without one).
    ///   - target: The file the path leads to (see ``target()``).
    /// - Returns: `.state.json.<generation>.journal` in the target's directory.
    func journalURL(generation: Int, beside target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(generation).journal")
    }

    /// Reads the snapshot alone; `nil` when there is no file, or an empty one (`touch`ed: a fresh
    /// start, which the first change fills).
    func loadSnapshot() throws(StateFileError) -> StateFileFormat.Snapshot? {
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
    ) throws(StateFileError) -> (
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
    /// - Throws: ``StateFileError/corrupt(path:reason:)`` naming the journal (and the line) for
    ///   something other than a regular file, a damaged line, an unknown action or format;
    ///   ``StateFileError/unreadable(path:reason:)`` when it cannot be read.
    func readJournal(at journal: URL, for store: Store<AppState>) throws(StateFileError) -> Journal<AppState>? {
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
    /// - Throws: ``StateFileError/corrupt(path:reason:)`` when an entry cannot be replayed.
    func replay(_ journal: Journal<AppState>, into store: Store<AppState>) throws(StateFileError) {
        do {
            try store.replay(journal)
        } catch {
            throw .corrupt(path: path, reason: "its journal cannot be replayed: \(error.message)")
        }
    }

    /// Creates an empty journal file that the user may read and write as they may the state
    /// file: the snapshot's permissions and, where the process may set them, its owner and
    /// group. A journal already there (left by a game that was killed) is kept.
    ///
    /// - Parameters:
    ///   - journal: The journal's URL.
    ///   - existing: The status of the snapshot, if there is one.
    /// - Throws: ``StateFileError/unwritable(path:reason:)`` when it cannot be created, or
    ///   something other than a regular file is in its place.
    func createJournal(at journal: URL, like existing: stat?) throws(StateFileError) {
        let descriptor = open(
            journal.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, existing == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            guard code == EEXIST, lstat(journal.path, &status) == 0, Self.kind(status.st_mode) == .regular else {
                throw .unwritable(
                    path: path, reason: "cannot create its journal \(journal.path): \(Self.systemError(code))")
            }
            return
        }
        defer { close(descriptor) }
        if let existing, !Self.adopt(existing, descriptor: descriptor) {
            let reason = "cannot give its journal \(journal.path) the file's permissions: \(Self.systemError())"
            _ = unlink(journal.path)
            throw .unwritable(path: path, reason: reason)
        }
    }

    /// Gives an open file the permissions and, where the process may set them, the owner and
    /// group of another.
    ///
    /// - Returns: Whether the permissions were set.
    static func adopt(_ existing: stat, descriptor: Int32) -> Bool {
        if existing.st_uid != geteuid() || existing.st_gid != getegid(),
            fchown(descriptor, existing.st_uid, existing.st_gid) != 0
        {
            _ = fchown(descriptor, uid_t(bitPattern: -1), existing.st_gid)
        }
        return fchmod(descriptor, existing.st_mode & 0o777) == 0
    }

    /// Removes the journals a save makes obsolete: the one of the replaced snapshot and the one
    /// before it (left if a save was interrupted between its `rename` and this removal).
    ///
    /// - Parameters:
    ///   - generation: The replaced snapshot's generation.
    ///   - target: The file the path leads to.
    func removeJournals(upTo generation: Int, beside target: URL) {
        for old in [generation - 1, generation] where old >= 0 {
            _ = unlink(journalURL(generation: old, beside: target).path)
        }
    }
}
