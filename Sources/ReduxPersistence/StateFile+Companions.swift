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
    /// - Throws: ``PersistenceError`` when the file cannot be read or is not a regular file.
    public func existingContents() throws(PersistenceError) -> Data? {
        guard let status = try status(of: path) else { return nil }
        try requireRegularFile(status)
        return try contents()
    }

    /// Replaces the file's contents atomically (a temporary file flushed to disk, then renamed
    /// over it), giving it the permissions and owner of another file, the state file, when
    /// that exists.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - file: The file whose permissions to give it.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)``; the previous file is then unchanged.
    public func replaceContents(with data: Data, like file: StateFile) throws(PersistenceError) {
        let existing = try file.status(of: file.target().path)
        try replaceAtomically(url, with: data, like: existing, replacing: PersistenceSeams.system.replace)
    }
}
