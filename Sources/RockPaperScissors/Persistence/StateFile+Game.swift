import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel

/// The game keeps its settings and score history (``RockPaperScissorsApp/features`` places them
/// with `persistedAs:`); the round in progress is not kept: a round is short, and only finished
/// rounds count.
extension SettingsFeature: PersistentFeature {
    /// The settings, as the state file keeps them.
    public typealias PersistedValue = Settings
}

extension ScoreHistoryFeature: PersistentFeature {
    /// The score history, as the state file keeps it: its rounds, each with who played it.
    public typealias PersistedValue = ScoreHistory
}

/// The game's state file: where it lives, and opening the game's store on it.
///
/// ```swift
/// let file = StateFile.resolve(explicitPath: nil, environment: ProcessInfo.processInfo.environment)
/// try file.withExclusiveAccess {
///     let saved = try file.openGame()                          // the settings and history restored
///     saved.store.dispatch(UpdateSettingsAction(change: .bestOf(5)))   // in the journal already
///     try saved.close()                                        // one file again
/// }
/// ```
///
/// ReduxPersistence keeps the file safe (one writer, atomic replacement, links and modes kept,
/// a journal line per action); the game adds where the file is and how files written by `rps`
/// before it used ReduxPersistence are read (``EarlierStateFile``).
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
        let nonEmpty = { (value: String?) in value?.isEmpty == false ? value : nil }
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

    /// Opens the game's store on the file: the settings and score history restored, and every
    /// action appended to the file's journal before `dispatch` returns. Use it inside
    /// ``withExclusiveAccess(_:)``, and close it when done.
    ///
    /// - Parameters:
    ///   - dependencies: The store's dependencies: the computer and its thinking time.
    ///   - compactionThreshold: How long the journal grows before ``Persistence/compactIfDue()``
    ///     folds it into the snapshot.
    ///   - seams: The system calls that write the file (a test's, to make writes fail).
    /// - Returns: The persistence, whose `store` the command dispatches to.
    /// - Throws: ``PersistenceError``; a corrupt or newer file is left untouched.
    package func openGame(
        dependencies: Dependencies = Dependencies(), compactionThreshold: Int = 10_000,
        seams: PersistenceSeams = .system
    ) throws(PersistenceError) -> Persistence<AppState> {
        try Persistence(
            store: RockPaperScissorsApp.makeStore(dependencies: dependencies), file: self, durability: .everyAction,
            compactionThreshold: compactionThreshold, keepsUnclaimed: true,
            readingEarlierFormat: EarlierStateFile.read, seams: seams)
    }

    /// Reads the saved settings and score history into an app state with a fresh round; a fresh
    /// state when there is no file yet. Changes nothing on disk.
    ///
    /// - Returns: The app state to start from.
    /// - Throws: ``PersistenceError`` when the file cannot be read, is corrupt or is newer.
    package func loadAppState() throws(PersistenceError) -> AppState {
        let store = RockPaperScissorsApp.makeStore()
        try restore(store, readingEarlierFormat: EarlierStateFile.read)
        return store.state
    }
}
