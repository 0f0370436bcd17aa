import Foundation

/// A file that keeps state between runs of a program: a snapshot, and beside it the journal of
/// the changes made since.
///
/// ```swift
/// let file = StateFile(url: URL(fileURLWithPath: "state.json"))
/// try file.withExclusiveAccess {
///     // load, change and save the state
/// }
/// ```
///
/// What it promises, whatever the program keeps in it:
/// - A file that cannot be read, is not a valid state file, or was written in a newer format
///   raises a ``PersistenceError`` naming it; the file is never changed by a failed load, and a
///   program that stops on the error never overwrites it.
/// - Saving is atomic: the new contents go to a temporary file in the same directory, are
///   flushed to disk, and then replace the old file in one `rename`. A reader sees the old file
///   or the new one, never half of either.
/// - Nothing the user owns changes behind their back: a symbolic link is saved through (the
///   file it leads to is replaced, the link stays), the file keeps its permissions and, where
///   the process may set it, its owner; a read-only file, a directory or a device at the path is
///   refused with an error and left alone.
/// - One writer at a time: ``withExclusiveAccess(_:)``.
/// - A snapshot, journal or companion file larger than 256 MiB, far more than any app's saved
///   state, is refused before it is read, and none is written larger.
public struct StateFile: Sendable {
    /// Where the file lives.
    public let url: URL

    /// Names the file.
    ///
    /// - Parameter url: A file URL.
    public init(url: URL) {
        self.url = url
    }

    /// The file's path.
    public var path: String { url.path }

    /// The most bytes a file of this module (a snapshot, a journal, a companion) may hold: 256 MiB.
    ///
    /// Far more than an app's saved state reaches (a snapshot holds the persistent parts once, and
    /// the journal is folded into it every `compactionThreshold` actions or 64 MiB), and little
    /// enough that the bytes and the values read from them fit in memory comfortably. A larger
    /// file is refused before it is read: without a bound, a file of gigabytes was read whole
    /// before it was found wrong. Nothing larger is written either, so that no save leaves a file
    /// the next run refuses.
    package static let largestFileSize = 256 << 20

    /// The file's contents, read with POSIX calls so an error says what the system said.
    ///
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` when the file is larger than
    ///   ``largestFileSize`` (found before anything is read); ``PersistenceError/notAFile(path:kind:)``
    ///   or ``PersistenceError/unreadable(path:reason:)``.
    package func contents() throws(PersistenceError) -> Data {
        guard let data = try contents(of: path, called: "it") else {
            throw .unreadable(path: path, reason: Self.systemError(ENOENT))
        }
        return data
    }

    /// The contents of this file or one beside it (its journal), at most ``largestFileSize``
    /// bytes: the size of the opened file is checked before anything is read, and the reading
    /// stops past the bound should the file grow meanwhile.
    ///
    /// - Parameters:
    ///   - file: The path to read.
    ///   - name: What a message calls it: "it" for this file, "its journal PATH" for a journal.
    /// - Returns: The bytes; `nil` when there is no file there (any more).
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` naming the size of a file that is too
    ///   large, or saying a journal is not a regular file; ``PersistenceError/notAFile(path:kind:)``
    ///   for this file; ``PersistenceError/unreadable(path:reason:)``.
    func contents(of file: String, called name: String) throws(PersistenceError) -> Data? {
        let context = file == path ? "" : "\(name): "
        let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT {
                return nil
            }
            throw .unreadable(path: path, reason: context + Self.systemError(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(path: path, reason: context + Self.systemError())
        }
        guard Self.kind(status.st_mode) == .regular else {
            if file == path {
                throw .notAFile(path: path, kind: Self.kind(status.st_mode).description)
            }
            throw .corrupt(path: path, reason: "\(name) is not a regular file")
        }
        guard status.st_size <= off_t(Self.largestFileSize) else {
            throw .corrupt(
                path: path, reason: "\(name) is \(Self.tooLarge(Int64(status.st_size))), so it was not read")
        }
        var data = Data()
        data.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
                guard data.count <= Self.largestFileSize else {
                    throw .corrupt(
                        path: path,
                        reason: "\(name) grew, while it was read, past the \(Self.largestFileSize) bytes "
                            + "(\(Self.largestFileSize >> 20) MiB) a state file may hold")
                }
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw .unreadable(path: path, reason: context + Self.systemError())
            }
        }
    }

    /// "N bytes (M MiB) long, more than the 268435456 bytes (256 MiB) a state file may hold": a
    /// size past ``largestFileSize``, in words.
    static func tooLarge(_ size: some BinaryInteger) -> String {
        "\(size) bytes (\(size >> 20) MiB) long, more than the \(largestFileSize) bytes "
            + "(\(largestFileSize >> 20) MiB) a state file may hold"
    }

    /// The current `errno` in words.
    package static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
