import Foundation

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
    ) throws(StateFileError) {
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
    ) throws(StateFileError) -> Int {
        let target = try target()
        try checkWritable(target)
        let existing = try status(of: target.path)
        let replaced =
            generation ?? (existing == nil ? 0 : (try? StateFileFormat.journalGeneration(in: contents())) ?? 0)
        let data = try StateFileFormat.encode(PersistedState(state), journalGeneration: replaced + 1, path: path)
        // A journal of the new generation can only be a stale one; none may follow the new snapshot.
        _ = unlink(journalURL(generation: replaced + 1, beside: target).path)
        let directory = target.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        _ = try makeDirectories(directory.path)
        do {
            try writeAndFlush(data, to: temporary.path, like: existing)
        } catch {
            _ = unlink(temporary.path)
            throw error
        }
        guard replace(temporary.path, target.path) == 0 else {
            let reason = Self.systemError()
            _ = unlink(temporary.path)
            throw .unwritable(path: path, reason: reason)
        }
        removeJournals(upTo: replaced, beside: target)
        return replaced + 1
    }

    /// Writes the data to a new file, gives it the permissions and owner of the file it will
    /// replace, and flushes it to disk.
    ///
    /// The owner and group are kept where the process may set them (the superuser, or a group
    /// the user belongs to); otherwise the new file is the user's, as any file they write is.
    /// POSIX calls rather than `FileHandle.write(contentsOf:)` and `synchronize()`, which need
    /// macOS 10.15.4 / iOS 13.4.
    ///
    /// - Parameters:
    ///   - data: The contents.
    ///   - temporary: The new file's path.
    ///   - existing: The status of the file it will replace, if there is one.
    private func writeAndFlush(_ data: Data, to temporary: String, like existing: stat?) throws(StateFileError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else { throw unwritable(temporary) }
        defer { close(descriptor) }
        if let existing {
            guard Self.adopt(existing, descriptor: descriptor) else { throw unwritable(temporary) }
        }
        var failure: StateFileError?
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = unwritable(temporary)
                    return
                }
                offset += written
            }
        }
        if let failure {
            throw failure
        }
        guard fsync(descriptor) == 0 else { throw unwritable(temporary) }
    }

    /// The current `errno` as an error that names the temporary file it happened to.
    private func unwritable(_ temporary: String, _ code: Int32 = errno) -> StateFileError {
        .unwritable(path: path, reason: "\(temporary): \(Self.systemError(code))")
    }
}
