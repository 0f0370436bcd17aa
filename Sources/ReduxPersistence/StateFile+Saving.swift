import Foundation
import ReduxTimeTravel

extension StateFile {
    /// Replaces a file's contents atomically: writes them to a temporary file in the same
    /// directory (created if needed), flushes it to disk, gives it the replaced file's
    /// permissions and owner, and moves it over the file in one `replace` (`rename(2)`).
    ///
    /// - Parameters:
    ///   - target: The file to replace (the state file, or the file its symbolic links lead to).
    ///   - data: The new contents.
    ///   - existing: The status of the file it replaces, if there is one.
    ///   - replace: The last step, as `rename(2)`: 0, or -1 with `errno` set; a test's seam.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)``, also for contents larger than
    ///   ``StateFile/largestFileSize``, which no reading would accept; the previous file is then
    ///   unchanged and no temporary file is left.
    package func replaceAtomically(
        _ target: URL, with data: Data, like existing: stat?,
        replacing replace: (_ temporary: String, _ destination: String) -> Int32
    ) throws(PersistenceError) {
        guard data.count <= Self.largestFileSize else {
            throw .unwritable(
                path: path,
                reason: "the contents to save are \(Self.tooLarge(data.count)), so they would not be read back")
        }
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
    private func writeAndFlush(_ data: Data, to temporary: String, like existing: stat?) throws(PersistenceError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existing == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else { throw unwritable(temporary) }
        defer { close(descriptor) }
        if let existing {
            guard Self.adopt(existing, descriptor: descriptor) else { throw unwritable(temporary) }
        }
        var failure: PersistenceError?
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
        guard flushToStorage(descriptor) else { throw unwritable(temporary) }
    }

    /// The current `errno` as an error that names the temporary file it happened to.
    private func unwritable(_ temporary: String, _ code: Int32 = errno) -> PersistenceError {
        .unwritable(path: path, reason: "\(temporary): \(Self.systemError(code))")
    }
}
