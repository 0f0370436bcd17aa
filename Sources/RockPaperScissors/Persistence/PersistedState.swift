/// What the state file holds: the score history and the settings, with a format version.
///
/// The round in progress is not saved: a round is short, and only finished rounds count.
///
/// ```json
/// { "formatVersion": 1, "settings": { "bestOf": 3, ... }, "scoreHistory": { "rounds": [ ... ] } }
/// ```
public struct PersistedState: Codable, Equatable, Sendable {
    /// The format this version of the program writes and the newest it reads.
    public static let currentFormatVersion = 1

    /// The format the file was written in.
    public var formatVersion: Int
    /// The saved settings.
    public var settings: Settings
    /// The saved score history.
    public var scoreHistory: ScoreHistory

    /// Captures the parts of an app state that are saved, in the current format.
    ///
    /// - Parameter state: The app state.
    public init(_ state: AppState) {
        formatVersion = Self.currentFormatVersion
        settings = state.settings
        scoreHistory = state.scoreHistory
    }

    /// An app state with the saved parts and a fresh round.
    public var appState: AppState {
        AppState(scoreHistory: scoreHistory, settings: settings)
    }
}
