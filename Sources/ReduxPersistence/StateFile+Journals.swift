import Foundation

/// The journal files beside a state file: named by the generation of the snapshot they go on
/// from, created with the snapshot's permissions, removed when a newer snapshot replaces them.
extension StateFile {
    /// The journal that goes on from the snapshot of the given generation.
    ///
    /// - Parameters:
    ///   - generation: The snapshot's `journalGeneration` (0 for a file without one).
    ///   - target: The file the path leads to (see ``target()``).
    /// - Returns: `.state.json.<generation>.journal` in the target's directory.
    package func journalURL(generation: Int, beside target: URL) -> URL {
        Self.companionURL("\(generation).journal", beside: target)
    }

    /// Creates an empty journal file that the user may read and write as they may the state
    /// file: the snapshot's permissions and, where the process may set them, its owner and
    /// group. A journal already there (left by a game that was killed) is kept.
    ///
    /// - Parameters:
    ///   - journal: The journal's URL.
    ///   - existing: The status of the snapshot, if there is one.
    /// - Returns: Whether the file was created now (false: it was there).
    /// - Throws: ``PersistenceError/unwritable(path:reason:)`` when it cannot be created, or
    ///   something other than a regular file is in its place.
    @discardableResult
    package func createJournal(at journal: URL, like existing: stat?) throws(PersistenceError) -> Bool {
        let descriptor = open(
            journal.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, existing == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else {
            let code = errno
            var status = stat()
            guard code == EEXIST, lstat(journal.path, &status) == 0, Self.kind(status.st_mode) == .regular else {
                throw .unwritable(
                    path: path, reason: "cannot create its journal \(journal.path): \(Self.systemError(code))")
            }
            return false
        }
        defer { close(descriptor) }
        if let existing, !Self.adopt(existing, descriptor: descriptor) {
            let reason = "cannot give its journal \(journal.path) the file's permissions: \(Self.systemError())"
            _ = unlink(journal.path)
            throw .unwritable(path: path, reason: reason)
        }
        return true
    }

    /// Gives an open file the permissions and, where the process may set them, the owner and
    /// group of another.
    ///
    /// - Returns: Whether the permissions were set.
    package static func adopt(_ existing: stat, descriptor: Int32) -> Bool {
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
    package func removeJournals(upTo generation: Int, beside target: URL) {
        guard generation >= 0 else { return }
        for old in [generation - 1, generation] where old >= 0 {
            _ = unlink(journalURL(generation: old, beside: target).path)
        }
    }
}
