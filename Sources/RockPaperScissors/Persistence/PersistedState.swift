/// What the state file holds: the score history and the settings, with a format version.
///
/// The round in progress is not saved: a round is short, and only finished rounds count.
///
/// ```json
/// { "formatVersion": 2, "settings": { "bestOf": 3, ... }, "scoreHistory": { "rounds": [ ... ] } }
/// ```
///
/// Format versions:
/// - 2 (written now): each round records who played it (its ``Lineup``).
/// - 1: rounds without a lineup. Such a file still loads: every round is taken to have been
///   played by the lineup the file's settings name (player names, opponent and strategy), which
///   is how version 1 labelled them. The next save writes version 2.
public struct PersistedState: Codable, Equatable, Sendable {
    /// The format this version of the program writes and the newest it reads.
    public static let currentFormatVersion = 2

    /// The format the file was written in.
    public var formatVersion: Int
    /// The saved settings.
    public var settings: Settings
    /// The saved score history.
    public var scoreHistory: ScoreHistory

    private enum CodingKeys: String, CodingKey {
        case formatVersion, settings, scoreHistory
    }

    /// Captures the parts of an app state that are saved, in the current format.
    ///
    /// - Parameter state: The app state.
    public init(_ state: AppState) {
        formatVersion = Self.currentFormatVersion
        settings = state.settings
        scoreHistory = state.scoreHistory
    }

    /// Reads a saved state in format version 1 or 2.
    ///
    /// ``StateFile`` refuses other versions before decoding; this initializer reads any version
    /// below 2 as version 1.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: The decoder's errors, and `DecodingError.dataCorrupted` for invalid settings or
    ///   an inconsistent history.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        settings = try container.decode(Settings.self, forKey: .settings)
        if formatVersion >= 2 {
            scoreHistory = try container.decode(ScoreHistory.self, forKey: .scoreHistory)
        } else {
            guard container.contains(.scoreHistory) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.scoreHistory,
                    DecodingError.Context(codingPath: container.codingPath, debugDescription: "no score history"))
            }
            scoreHistory = try ScoreHistory(
                version1From: container.superDecoder(forKey: .scoreHistory), lineup: Lineup(settings: settings))
        }
    }

    /// Writes the format version, the settings and the score history.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(settings, forKey: .settings)
        try container.encode(scoreHistory, forKey: .scoreHistory)
    }

    /// An app state with the saved parts and a fresh round.
    public var appState: AppState {
        AppState(scoreHistory: scoreHistory, settings: settings)
    }
}
