import Foundation

/// An advisory `flock` on a lock file that exists only while it is held: the lock behind
/// ``StateFile/withExclusiveAccess(_:)``.
///
/// Removing a lock file on release is safe only if every holder checks, once it has the lock,
/// that the file it locked is still the one at the path: a process that opened the file just
/// before the previous holder removed it would otherwise lock a file nobody else can find. So
/// ``acquire(at:for:)`` compares the locked file with the path's and starts again when they
/// differ; ``release(keepingDirectories:)`` removes the file while still holding the lock.
struct StateFileLock {
    /// The open lock file.
    private let descriptor: Int32
    /// Its path.
    private let path: String
    /// The directories created to hold it, outermost first.
    private let createdDirectories: [String]

    /// How many times a refused lock is tried, ``retryMicroseconds`` apart: 200 ms in all.
    private static let attempts = 11
    private static let retryMicroseconds: useconds_t = 20_000

    /// Takes the lock, creating the lock file and its directory as needed.
    ///
    /// - Parameters:
    ///   - path: The lock file's path.
    ///   - file: The state file it guards, for errors.
    /// - Returns: The held lock.
    /// - Throws: ``PersistenceError/inUse(path:)`` when another holder keeps it for the retry
    ///   period; ``PersistenceError/unwritable(path:reason:)`` when the lock file or its directory
    ///   cannot be created. Nothing this call created is left behind.
    static func acquire(at path: String, for file: StateFile) throws(PersistenceError) -> StateFileLock {
        var created: [String] = []
        var refusals = 1
        // Each pass that ends in `continue` lost a race with a holder removing the file; a few
        // dozen in a row would take as many games starting and ending meanwhile.
        for _ in 0..<64 {
            created += try file.makeDirectories((path as NSString).deletingLastPathComponent)
            let descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT {
                    continue
                }
                StateFile.removeDirectories(created)
                let reason = "cannot create its lock file \(path): \(StateFile.systemError(code))"
                throw .unwritable(path: file.path, reason: reason)
            }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EINTR {
                    continue
                }
                if code == EWOULDBLOCK, refusals < attempts {
                    refusals += 1
                    usleep(retryMicroseconds)
                    continue
                }
                close(descriptor)
                StateFile.removeDirectories(created)
                if code == EWOULDBLOCK {
                    throw .inUse(path: file.path)
                }
                throw .unwritable(path: file.path, reason: "cannot lock \(path): \(StateFile.systemError(code))")
            }
            var locked = stat()
            var current = stat()
            if fstat(descriptor, &locked) == 0, lstat(path, &current) == 0, locked.st_dev == current.st_dev,
                locked.st_ino == current.st_ino
            {
                return StateFileLock(descriptor: descriptor, path: path, createdDirectories: created)
            }
            close(descriptor)
        }
        StateFile.removeDirectories(created)
        throw .unwritable(path: file.path, reason: "its lock file \(path) was replaced again and again")
    }

    /// Removes the lock file, releases the lock and, unless told to keep them, removes the
    /// directories ``acquire(at:for:)`` created if they are empty.
    ///
    /// - Parameter keepingDirectories: Whether the directories hold something now (the saved
    ///   state file).
    func release(keepingDirectories: Bool) {
        _ = unlink(path)
        close(descriptor)
        if !keepingDirectories {
            StateFile.removeDirectories(createdDirectories)
        }
    }
}
