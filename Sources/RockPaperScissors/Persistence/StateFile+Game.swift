import Foundation
import MultiRedux
import ReduxPersistence
import ReduxTimeTravel

/// The game keeps its settings and score history (``RockPaperScissorsApp/features`` places them
/// with `persistedAs:`); the round in progress is not kept: only finished rounds count.
extension SettingsFeature: PersistentFeature {
    /// The settings, as the file keeps them.
    public typealias PersistedValue = Settings
}

extension ScoreHistoryFeature: PersistentFeature {
    /// The score history: its rounds, each with who played it.
    public typealias PersistedValue = ScoreHistory
}

/// The game's state file: where it lives, and the game's store on it. ReduxPersistence keeps the
/// file safe; the game adds its location and reads the files earlier `rps` versions wrote
/// (``EarlierStateFile``).
extension StateFile {
    /// The environment variable that overrides the default location.
    public static let environmentVariable = "RPS_STATE_FILE"

    /// The explicit path, else `$RPS_STATE_FILE`, else `$XDG_DATA_HOME/rps/state.json`, else the
    /// platform's place for application data: `~/.local/share/rps/state.json` on Linux,
    /// `~/Library/Application Support/rps/state.json` on macOS, the app's Application Support
    /// folder on iOS. Empty values are ignored, and so is a relative `XDG_DATA_HOME`, as the XDG
    /// Base Directory specification asks.
    public static func resolve(explicitPath: String?, environment: [String: String]) -> StateFile {
        let nonEmpty = { (value: String?) in value?.isEmpty == false ? value : nil }
        if let path = explicitPath ?? nonEmpty(environment[environmentVariable]) {
            return StateFile(url: URL(fileURLWithPath: path))
        }
        let dataHome: URL
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            dataHome = platformDataHome(home: nonEmpty(environment["HOME"]))
        }
        return StateFile(url: dataHome.appendingPathComponent("rps/state.json"))
    }

    /// The game's store on the file, inside ``withExclusiveAccess(_:)``: the settings and history
    /// restored, every action journaled before `dispatch` returns; close it when done. `seams`
    /// lets tests make writes fail.
    package func openGame(
        dependencies: Dependencies = Dependencies(), compactionThreshold: Int = 10_000,
        seams: PersistenceSeams = .system
    ) throws(PersistenceError) -> Persistence<AppState> {
        try Persistence(
            store: RockPaperScissorsApp.makeStore(dependencies: dependencies), file: self, durability: .everyAction,
            compactionThreshold: compactionThreshold, keepsUnclaimed: true,
            readingEarlierFormat: EarlierStateFile.read, seams: seams)
    }

    /// The saved settings and history with a fresh round, for commands that only read; writes
    /// nothing.
    package func loadAppState() throws(PersistenceError) -> AppState {
        let store = RockPaperScissorsApp.makeStore()
        try restore(store, readingEarlierFormat: EarlierStateFile.read)
        return store.state
    }
}

/// Where the platform keeps an application's data, below `home` where the platform has one.
private func platformDataHome(home: String?) -> URL {
    #if os(macOS)
        if let home {
            return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Library/Application Support")
        }
        return FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
    #elseif canImport(Darwin)
        // iOS, tvOS, watchOS, visionOS: no home directory of the user's; the app's own folder.
        return FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
    #else
        return URL(fileURLWithPath: home ?? NSHomeDirectory(), isDirectory: true).appendingPathComponent(".local/share")
    #endif
}
