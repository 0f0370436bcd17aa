import Foundation
import ReduxPersistence

/// Reads the state files `rps` wrote before it kept its state with ReduxPersistence, so that
/// every earlier file still loads; the next save writes ReduxPersistence's form.
///
/// ```json
/// { "formatVersion": 2, "journalGeneration": 3, "settings": { "bestOf": 3, … },
///   "scoreHistory": { "rounds": [ … ] } }
/// ```
///
/// The earlier formats:
/// - 2: each round records who played it (its ``Lineup``), as today.
/// - 1: rounds without a lineup: each is taken to have been played by the lineup the file's
///   settings name (player names, opponent and strategy), which is how version 1 labelled them.
///
/// The journal beside such a file, `.state.json.<journalGeneration>.journal`, is named as
/// ReduxPersistence names its own, and holds the same actions: a game killed before the upgrade
/// is replayed too.
enum EarlierStateFile {
    /// The settings and score history of an earlier file; what it throws makes ReduxPersistence
    /// report the file corrupt, untouched.
    static func read(_ data: Data) throws -> EarlierFile {
        try JSONDecoder().decode(Contents.self, from: data).earlier
    }

    /// A file that is neither ReduxPersistence's nor an earlier `rps` file.
    struct Unrecognised: Error, CustomStringConvertible {
        let description: String
    }

    private struct Contents: Decodable {
        var earlier: EarlierFile

        private enum CodingKeys: String, CodingKey {
            case formatVersion, journalGeneration, settings, scoreHistory
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let version = try container.decodeIfPresent(Int.self, forKey: .formatVersion) else {
                throw Unrecognised(
                    description: "it has no persistence field (nor a formatVersion field, as earlier rps files have)")
            }
            guard version == 1 || version == 2 else {
                throw Unrecognised(description: "formatVersion \(version) is not a version rps ever wrote")
            }
            let generation = try container.decodeIfPresent(Int.self, forKey: .journalGeneration) ?? 0
            let settings = try container.decode(Settings.self, forKey: .settings)
            let history: ScoreHistory
            if version == 2 {
                history = try container.decode(ScoreHistory.self, forKey: .scoreHistory)
            } else {
                guard container.contains(.scoreHistory) else {
                    throw DecodingError.keyNotFound(
                        CodingKeys.scoreHistory,
                        DecodingError.Context(codingPath: container.codingPath, debugDescription: "no score history"))
                }
                history = try ScoreHistory(
                    version1From: container.superDecoder(forKey: .scoreHistory), lineup: Lineup(settings: settings))
            }
            earlier = EarlierFile(journalGeneration: generation)
            try earlier.set(settings, for: SettingsFeature.self, as: "settings")
            try earlier.set(history, for: ScoreHistoryFeature.self, as: "scoreHistory")
        }
    }
}
