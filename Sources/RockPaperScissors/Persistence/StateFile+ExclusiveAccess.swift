import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension StateFile {
    /// The companion file whose advisory lock guards the state file:
    /// `.state.json.lock` beside `state.json`.
    ///
    /// It is created on first use and left in place; its contents are never read.
    public var lockFileURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).lock")
    }

    /// Runs `body` while this process alone may read, change and save the state file.
    ///
    /// Without it, two programs that each load the file, play and save would each overwrite the
    /// other's rounds: the later save wins and the earlier rounds are lost. Every command that
    /// writes the file (`rps play`, `rps settings set`, `rps reset`) loads and saves inside this
    /// call. Readers need no lock: a save replaces the file in one `rename`, so a reader sees a
    /// whole file.
    ///
    /// The lock is an advisory `flock` on ``lockFileURL``. A lock held by another game is
    /// refused at once, give or take a fifth of a second: a lock just released can stay held for
    /// a moment by a child process this one is starting (a forked child shares the lock until it
    /// runs its program), so a refused lock is tried again for up to that long. The operating
    /// system releases the lock when the process ends, however it ends, so a crashed game never
    /// leaves the file locked.
    ///
    /// ```swift
    /// try file.withExclusiveAccess {
    ///     let store = RockPaperScissorsApp.makeStore(initialState: try file.loadAppState())
    ///     store.dispatch(UpdateSettingsAction(change: change))
    ///     try file.save(store.state)
    /// }
    /// ```
    ///
    /// - Parameter body: The read-modify-write work.
    /// - Returns: What `body` returns.
    /// - Throws: ``StateFileError/inUse(path:)`` when another process (or another call in this
    ///   one) holds the lock, ``StateFileError/unwritable(path:reason:)`` when the lock file cannot
    ///   be created; `body` then does not run and the state file is untouched. Otherwise, what
    ///   `body` throws.
    public func withExclusiveAccess<Result>(_ body: () throws -> Result) throws -> Result {
        let descriptor = try acquireLock()
        defer { close(descriptor) }
        return try body()
    }

    private func acquireLock() throws(StateFileError) -> Int32 {
        let lockPath = lockFileURL.path
        do {
            try FileManager.default.createDirectory(
                at: lockFileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: path, reason: error.localizedDescription)
        }
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .unwritable(path: path, reason: "cannot create its lock file \(lockPath): \(Self.systemError())")
        }
        var attempts = 1
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EWOULDBLOCK, attempts < Self.lockAttempts {
                attempts += 1
                usleep(Self.lockRetryMicroseconds)
                continue
            }
            close(descriptor)
            if code == EWOULDBLOCK {
                throw .inUse(path: path)
            }
            throw .unwritable(path: path, reason: "cannot lock \(lockPath): \(String(cString: strerror(code)))")
        }
        return descriptor
    }

    /// How many times a refused lock is tried, ``lockRetryMicroseconds`` apart: 200 ms in all.
    private static let lockAttempts = 11
    private static let lockRetryMicroseconds: useconds_t = 20_000

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
