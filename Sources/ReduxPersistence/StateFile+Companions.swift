public import Foundation

/// Files an app keeps beside its state file, with the same care: a recorded session for an
/// inspector, say.
///
/// ```swift
/// let recording = try file.companion("session.journal")     // .state.json.session.journal
/// try recording.replaceContents(with: bytes, like: file)     // atomically, with file's permissions
/// let saved = try recording.existingContents()               // nil until then
/// ```
extension StateFile {
    /// A file beside this one: `.<name>.<suffix>` in the directory of the file the path leads
    /// to, as its journals are named.
    ///
    /// - Parameter suffix: What sets the companion apart, such as `session.journal`.
    /// - Returns: The companion file.
    /// - Throws: ``PersistenceError`` for a broken link or a loop of links on the way to the file.
    public func companion(_ suffix: String) throws(PersistenceError) -> StateFile {
        StateFile(url: Self.companionURL(suffix, beside: try target()))
    }

    /// `.<name>.<suffix>` in the directory of `target`: where the journals, the lock and the
    /// companions of the file `target` live.
    static func companionURL(_ suffix: String, beside target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(suffix)")
    }

    /// The file's contents; nil when there is no file.
    ///
    /// - Throws: ``PersistenceError`` when the file cannot be read or is not a regular file;
    ///   ``PersistenceError/corrupt(path:reason:)``, naming its size, when it is larger than the
    ///   256 MiB a state file may hold (found before anything is read).
    public func existingContents() throws(PersistenceError) -> Data? {
        guard let status = try status(of: path) else { return nil }
        try requireRegularFile(status)
        return try contents()
    }

    /// Replaces the file's contents atomically (a temporary file flushed to disk, then renamed
    /// over it), with the state file's promises: a symbolic link is written through and stays a
    /// link; a directory, a device or any other special file at the path, or a read-only file,
    /// is refused and left alone; the file keeps its permissions and owner, or takes another
    /// file's.
    ///
    /// ```swift
    /// try StateFile(url: exportURL).replaceContents(with: html)   // keeps the export's own mode
    /// ```
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - file: The file whose permissions and owner to give it (the state file, for a
    ///     companion), when that file exists; nil (the default) for the file's own.
    /// - Throws: ``PersistenceError/notAFile(path:kind:)``, ``PersistenceError/readOnly(path:)``,
    ///   ``PersistenceError/brokenLink(path:target:)`` or
    ///   ``PersistenceError/unwritable(path:reason:)`` (also for contents larger than the 256 MiB a
    ///   state file may hold); the previous file is then unchanged.
    public func replaceContents(with data: Data, like file: StateFile? = nil) throws(PersistenceError) {
        let target = try target()
        try checkWritable(target)
        let existing = try status(of: (file?.target() ?? target).path)
        try replaceAtomically(target, with: data, like: existing, replacing: PersistenceSeams.system.replace)
    }

    /// Whether a path leads to this state file or to a file kept beside it (its journals, its
    /// lock, its companions): a path a program must not write anything else to.
    ///
    /// ```swift
    /// if try stateFile.owns(StateFile(url: exportURL)) { /* refuse: it would replace the game */ }
    /// ```
    ///
    /// Symbolic links are followed, directories compared as the system resolves them, and an
    /// existing file reached by another name (a hard link) is recognised by its identity.
    ///
    /// - Parameter other: The file a program is about to write.
    /// - Returns: True when writing `other` would replace this file or one of its own.
    /// - Throws: ``PersistenceError`` for a broken link or a loop of links on the way to either.
    public func owns(_ other: StateFile) throws(PersistenceError) -> Bool {
        let mine = try target()
        let theirs = try other.target()
        if let myStatus = try status(of: mine.path), let theirStatus = try status(of: theirs.path),
            myStatus.st_dev == theirStatus.st_dev, myStatus.st_ino == theirStatus.st_ino
        {
            return true
        }
        guard Self.resolvedDirectory(of: mine) == Self.resolvedDirectory(of: theirs) else { return false }
        let name = mine.lastPathComponent
        return theirs.lastPathComponent == name || theirs.lastPathComponent.hasPrefix(".\(name).")
    }

    /// A file's directory as the system resolves it (links and `..` followed), or as written
    /// when it does not exist.
    private static func resolvedDirectory(of file: URL) -> String {
        let directory = file.deletingLastPathComponent().path
        guard let resolved = realpath(directory, nil) else { return file.deletingLastPathComponent().standardized.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
