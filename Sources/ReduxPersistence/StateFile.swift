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

    /// The file's contents, read with POSIX calls so an error says what the system said.
    package func contents() throws(PersistenceError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.systemError()) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if count == 0 {
                return data
            } else if errno != EINTR {
                throw .unreadable(path: path, reason: Self.systemError())
            }
        }
    }

    /// The current `errno` in words.
    package static func systemError(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
