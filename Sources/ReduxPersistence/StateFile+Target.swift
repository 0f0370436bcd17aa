import Foundation

/// What the path leads to, and whether the program may write there: the checks made before a save or a
/// lock, so that a refused command has changed nothing.
extension StateFile {
    /// The file the path leads to: the path itself, or the final target of the symbolic links
    /// it names (which need not exist yet: a link may point to a file the first save creates).
    ///
    /// A save replaces this file, in its own directory, and the lock file sits beside it; the
    /// links stay as they are. Links in the directories above are left to the system.
    ///
    /// - Returns: The target's URL.
    /// - Throws: ``PersistenceError/brokenLink(path:target:)`` when a link leads into a directory
    ///   that does not exist; ``PersistenceError/unwritable(path:reason:)`` for a loop of links.
    package func target() throws(PersistenceError) -> URL {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                guard current != path else { return url }
                let directory = (current as NSString).deletingLastPathComponent
                var directoryStatus = stat()
                guard stat(directory.isEmpty ? "/" : directory, &directoryStatus) == 0,
                    Self.kind(directoryStatus.st_mode) == .directory
                else { throw .brokenLink(path: path, target: current) }
                return URL(fileURLWithPath: current)
            }
            guard Self.kind(status.st_mode) == .symbolicLink else {
                return current == path ? url : URL(fileURLWithPath: current)
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw .unwritable(path: path, reason: Self.systemError()) }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination : (current as NSString).deletingLastPathComponent + "/" + destination
        }
        throw .unwritable(path: path, reason: Self.systemError(ELOOP))
    }

    /// Refuses, before anything is created, a save to a target that is not a regular file or
    /// may not be written.
    ///
    /// A file is read-only when this user may not write it, and also when no one may (no write
    /// permission at all): the superuser may write anything, but `chmod a-w` says "leave it".
    ///
    /// - Parameter target: The file a save would replace (see ``target()``).
    /// - Throws: ``PersistenceError/notAFile(path:kind:)`` or ``PersistenceError/readOnly(path:)``.
    package func checkWritable(_ target: URL) throws(PersistenceError) {
        guard let status = try status(of: target.path) else { return }
        try requireRegularFile(status)
        if access(target.path, W_OK) != 0 || status.st_mode & 0o222 == 0 {
            throw .readOnly(path: path)
        }
    }

    /// The status of the file a path leads to, through symbolic links; `nil` when there is none
    /// (a missing file, a link to nothing, a path through a regular file).
    package func status(of path: String) throws(PersistenceError) -> stat? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                return nil
            }
            throw .unreadable(path: self.path, reason: Self.systemError(code))
        }
        return status
    }

    /// Refuses anything but a regular file.
    package func requireRegularFile(_ status: stat) throws(PersistenceError) {
        let kind = Self.kind(status.st_mode)
        guard kind == .regular else { throw .notAFile(path: path, kind: kind.description) }
    }

    /// Creates a directory and the missing ones above it.
    ///
    /// - Parameter directory: The directory's path.
    /// - Returns: The directories created, outermost first; empty when it existed.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)`` naming the directory that could not
    ///   be created, after removing the ones this call created.
    package func makeDirectories(_ directory: String) throws(PersistenceError) -> [String] {
        var missing: [String] = []
        var current = directory
        var status = stat()
        while !current.isEmpty, current != "/", stat(current, &status) != 0, errno == ENOENT {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        var created: [String] = []
        for directory in missing.reversed() {
            guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
                let reason = "cannot create the directory \(directory): \(Self.systemError())"
                Self.removeDirectories(created)
                throw .unwritable(path: path, reason: reason)
            }
            created.append(directory)
        }
        return created
    }

    /// Removes directories made by ``makeDirectories(_:)`` that are still empty, innermost first.
    package static func removeDirectories(_ created: [String]) {
        for directory in created.reversed() {
            _ = rmdir(directory)
        }
    }

    /// What kind of file a mode describes.
    package enum FileKind: Equatable, CustomStringConvertible {
        case regular, directory, symbolicLink, characterDevice, blockDevice, namedPipe, socket, other

        package var description: String {
            switch self {
            case .regular: "a regular file"
            case .directory: "a directory"
            case .symbolicLink: "a symbolic link"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .namedPipe: "a named pipe"
            case .socket: "a socket"
            case .other: "a special file"
            }
        }
    }

    /// The kind of file a `st_mode` describes (the POSIX `S_IFMT` bits).
    package static func kind(_ mode: mode_t) -> FileKind {
        switch mode & 0o170000 {
        case 0o100000: .regular
        case 0o040000: .directory
        case 0o120000: .symbolicLink
        case 0o020000: .characterDevice
        case 0o060000: .blockDevice
        case 0o010000: .namedPipe
        case 0o140000: .socket
        default: .other
        }
    }
}
