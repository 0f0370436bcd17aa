import Foundation

extension StateFile {
    /// The companion file whose advisory lock guards the state file: `.state.json.lock` beside
    /// `state.json` (beside the file a symbolic link leads to, when the path is a link).
    ///
    /// It exists only while a command holds it: ``withExclusiveAccess(_:)`` creates it and
    /// removes it again. Its contents are never read.
    public var lockFileURL: URL {
        Self.lockFileURL(for: (try? target()) ?? url)
    }

    private static func lockFileURL(for target: URL) -> URL {
        companionURL("lock", beside: target)
    }

    /// Runs `body` while this process alone may read, change and save the state file.
    ///
    /// Without it, two programs that each load the file, play and save would each overwrite the
    /// other's rounds: the later save wins and the earlier rounds are lost. Every command that
    /// writes the file (`rps play`, `rps settings set`, `rps reset`, `rps undo`) loads and saves inside this
    /// call. Readers need no lock: a save replaces the file in one `rename`, so a reader sees a
    /// whole file.
    ///
    /// Before anything is created, the path is checked: a directory, a device, a read-only file
    /// or a symbolic link into a missing directory is refused. The lock is an advisory `flock`
    /// on ``lockFileURL``, created for the call and removed at its end, together with any
    /// directories the call created when nothing was saved into them: a refused or read-only
    /// command leaves nothing behind. A lock held by another process is refused at once, give or
    /// take a fifth of a second: a lock just released can stay held for a moment by a child
    /// process this one is starting (a forked child shares the lock until it runs its program),
    /// so a refused lock is tried again for up to that long. The operating system releases the
    /// lock when the process ends, however it ends, so a crashed program never leaves the file
    /// locked (only, after `kill -9`, an empty lock file that the next one takes over).
    ///
    /// ```swift
    /// try file.withExclusiveAccess {
    ///     let persistence = try file.persist(store)
    ///     store.dispatch(SetVolume(level: 7))
    ///     try persistence.close()
    /// }
    /// ```
    ///
    /// - Parameter body: The read-modify-write work.
    /// - Returns: What `body` returns.
    /// - Throws: ``PersistenceError/inUse(path:)`` when another process (or another call in this
    ///   one) holds the lock; ``PersistenceError/notAFile(path:kind:)``,
    ///   ``PersistenceError/readOnly(path:)``, ``PersistenceError/brokenLink(path:target:)``, or
    ///   ``PersistenceError/unwritable(path:reason:)`` when the lock file cannot be created; `body`
    ///   then does not run and nothing was changed. Otherwise, what `body` throws.
    public func withExclusiveAccess<Result>(_ body: () throws -> Result) throws -> Result {
        let access = try beginExclusiveAccess()
        defer { access.end() }
        return try body()
    }

    /// Takes the lock ``withExclusiveAccess(_:)`` takes, for work that cannot be a synchronous
    /// closure (a game whose rounds wait for effects); end it with ``ExclusiveAccess/end()``.
    ///
    /// ```swift
    /// let access = try file.beginExclusiveAccess()
    /// defer { access.end() }
    /// await play()
    /// ```
    ///
    /// - Returns: The held lock.
    /// - Throws: What ``withExclusiveAccess(_:)`` throws before its body runs.
    public func beginExclusiveAccess() throws(PersistenceError) -> ExclusiveAccess {
        let target = try target()
        try checkWritable(target)
        let lock = try StateFileLock.acquire(at: Self.lockFileURL(for: target).path, for: self)
        return ExclusiveAccess { lock.release(keepingDirectories: (try? status(of: target.path)) != nil) }
    }
}

/// The lock of a state file, held from ``StateFile/beginExclusiveAccess()`` to ``end()``.
public struct ExclusiveAccess {
    /// Releases the lock and removes what taking it created.
    let release: () -> Void

    /// Releases the lock: call once, when the work is done.
    public func end() {
        release()
    }
}
