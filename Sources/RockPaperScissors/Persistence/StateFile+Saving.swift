import Foundation
import ReduxPersistence

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension StateFile {
    /// ``save(_:)`` with its last step given: `replace` moves the written and flushed temporary
    /// file over the state file, as `rename(2)` does, returning 0 or -1 with `errno` set.
    ///
    /// The seam lets this package's tests make the replacement fail and check that the old file
    /// survives it untouched and that no temporary file is left behind.
    ///
    /// - Parameters:
    ///   - state: The state to save.
    ///   - replace: Takes the temporary file's path and the path of the file to replace (the
    ///     state file, or the file its symbolic links lead to).
    /// - Throws: What ``save(_:)`` throws; the previous file is then unchanged.
    package func save(
        _ state: AppState, replacing replace: (_ temporary: String, _ destination: String) -> Int32
    ) throws(PersistenceError) {
        try saveSnapshot(state, after: nil, replacing: replace)
    }

    /// Writes a new snapshot and removes the journal of the one it replaces.
    ///
    /// - Parameters:
    ///   - state: The state to save.
    ///   - generation: The journal generation of the snapshot being replaced, if known; else it
    ///     is read from the file (0 when there is none).
    ///   - replace: The last step, as `rename(2)`.
    /// - Returns: The new snapshot's journal generation.
    /// - Throws: What ``save(_:)`` throws; the previous file and its journal are then unchanged.
    @discardableResult
    func saveSnapshot(
        _ state: AppState, after generation: Int?,
        replacing replace: (_ temporary: String, _ destination: String) -> Int32 = { rename($0, $1) }
    ) throws(PersistenceError) -> Int {
        let target = try target()
        try checkWritable(target)
        let existing = try status(of: target.path)
        let replaced =
            generation ?? (existing == nil ? 0 : (try? StateFileFormat.journalGeneration(in: contents())) ?? 0)
        let data = try StateFileFormat.encode(PersistedState(state), journalGeneration: replaced + 1, path: path)
        // A journal of the new generation can only be a stale one; none may follow the new snapshot.
        _ = unlink(journalURL(generation: replaced + 1, beside: target).path)
        try replaceAtomically(target, with: data, like: existing, replacing: replace)
        removeJournals(upTo: replaced, beside: target)
        return replaced + 1
    }
}
