import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The game's state file: where it lives, and the settings and score history it keeps.
///
/// ```swift
/// let file = StateFile.resolve(explicitPath: nil, environment: ProcessInfo.processInfo.environment)
/// let store = RockPaperScissorsApp.makeStore(initialState: try file.loadAppState())
/// // … play …
/// try file.save(store.state)
/// ```
///
/// A missing file, or an empty one, is a fresh start.
extension StateFile {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "RPS_STATE_FILE"

    /// Decides which file to use: the explicit path, else `$RPS_STATE_FILE`, else
    /// `$XDG_DATA_HOME/rps/state.json`, else `~/.local/share/rps/state.json`.
    ///
    /// Empty values are ignored, and so is a relative `XDG_DATA_HOME`, as the XDG Base Directory
    /// specification asks. Relative paths are taken from the current directory.
    ///
    /// - Parameters:
    ///   - explicitPath: The `--state-file` argument, if given.
    ///   - environment: The process environment.
    /// - Returns: The state file.
    public static func resolve(explicitPath: String?, environment: [String: String]) -> StateFile {
        if let path = explicitPath ?? nonEmpty(environment[environmentVariable]) {
            return StateFile(url: URL(fileURLWithPath: path))
        }
        let dataHome: URL
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = nonEmpty(environment["HOME"]) {
            dataHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        } else {
            dataHome = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        }
        return StateFile(url: dataHome.appendingPathComponent("rps/state.json"))
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    /// Reads the saved state: the snapshot in the file, and the changes its journal recorded
    /// since (see ``StateJournal``), replayed on it.
    ///
    /// Follows symbolic links; a link to nothing is a missing file. Changes nothing on disk.
    ///
    /// - Returns: The saved state, or `nil` when there is no file (nor journal) yet. Its
    ///   `formatVersion` is the snapshot's.
    /// - Throws: ``PersistenceError/unreadable(path:reason:)``, ``PersistenceError/notAFile(path:kind:)``
    ///   for a directory, a device or another special file (never opened, so a named pipe cannot
    ///   block the program), ``PersistenceError/corrupt(path:reason:)`` (for a damaged journal too,
    ///   naming it and the line) or ``PersistenceError/newerFormat(path:found:supported:)``.
    /// - Complexity: O(*n* + *m*) for *n* saved rounds and *m* journal entries.
    public func load() throws(PersistenceError) -> PersistedState? {
        let loaded = try loadStore(beside: (try? target()) ?? url)
        guard let journal = loaded.journal, !journal.entries.isEmpty else { return loaded.snapshot?.state }
        var state = loaded.snapshot?.state ?? PersistedState(AppState())
        state.settings = loaded.store.state.settings
        state.scoreHistory = loaded.store.state.scoreHistory
        return state
    }

    /// Reads the saved state into an app state with a fresh round; a fresh state when there is
    /// no file yet.
    ///
    /// - Returns: The app state to start from.
    /// - Throws: What ``load()`` throws.
    public func loadAppState() throws(PersistenceError) -> AppState {
        try load()?.appState ?? AppState()
    }

    /// Saves the score history and the settings of an app state, atomically, as a new snapshot
    /// with no journal after it.
    ///
    /// Creates the file's directory if needed. The snapshot names the next journal generation,
    /// and the journal of the one it replaces is removed after the `rename` (see
    /// ``StateJournal``). When the path is a symbolic link, the file it
    /// leads to is replaced and the link is kept. An existing file keeps its permissions and,
    /// where the process may set it, its owner and group; a new file gets `rw-r--r--` less the
    /// umask.
    ///
    /// - Parameter state: The state to save.
    /// - Throws: ``PersistenceError/readOnly(path:)`` for a file this user may not write (or one no
    ///   one may), ``PersistenceError/notAFile(path:kind:)``, ``PersistenceError/brokenLink(path:target:)``
    ///   for a link into a directory that does not exist, ``PersistenceError/unwritable(path:reason:)``;
    ///   the previous file is then unchanged.
    /// - Complexity: O(*n*) for *n* rounds in the history.
    public func save(_ state: AppState) throws(PersistenceError) {
        try save(state, replacing: { rename($0, $1) })
    }
}
