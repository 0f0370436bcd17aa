import Foundation

/// A state file's snapshot: each persisted part by name, with the version its feature wrote, and
/// the generation of the journal that goes on from it.
///
/// ```json
/// { "persistence": 1, "journalGeneration": 3,
///   "parts": { "settings": { "version": 2, "value": { "volume": 5 } } } }
/// ```
///
/// A part no feature claims any more is kept as it was read, so that removing a feature from an
/// app does not lose what its users had.
struct PartsSnapshot {
    /// The form of the snapshot this version writes and the newest it reads.
    static let formatVersion = 1

    /// A stored part: the version its feature wrote and its value, one JSON value.
    struct Part {
        var version: Int
        var value: Data
    }

    /// The generation of the journal that goes on from this snapshot.
    var journalGeneration = 0
    /// Every stored part by name.
    var parts: [String: Part] = [:]

    /// Reads a snapshot; an empty file is an empty snapshot.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - path: The file's path, for errors.
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` or
    ///   ``PersistenceError/newerFormat(path:found:supported:)``.
    init(_ data: Data, path: String) throws(PersistenceError) {
        guard !data.isEmpty else { return }
        guard let object = try? JSONSerialization.jsonObject(with: data), let top = object as? [String: Any] else {
            throw .corrupt(path: path, reason: "it is not a JSON object")
        }
        guard let format = top["persistence"] as? Int else {
            throw .corrupt(path: path, reason: "it has no persistence field")
        }
        guard format <= Self.formatVersion else {
            throw .newerFormat(path: path, found: format, supported: Self.formatVersion)
        }
        journalGeneration = top["journalGeneration"] as? Int ?? 0
        guard journalGeneration >= 0 else {
            throw .corrupt(path: path, reason: "journalGeneration \(journalGeneration) is negative")
        }
        for (name, entry) in top["parts"] as? [String: Any] ?? [:] {
            guard let entry = entry as? [String: Any], let version = entry["version"] as? Int,
                let value = entry["value"],
                let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            else {
                throw .corrupt(path: path, reason: "the part \(name) has no version and value")
            }
            parts[name] = Part(version: version, value: json)
        }
    }

    /// An empty snapshot.
    init() {}

    /// The snapshot as the file's contents: pretty-printed JSON with sorted keys, so saved files
    /// diff well.
    ///
    /// - Parameter path: The file's path, for errors.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)`` when a part is not a JSON value.
    func encoded(path: String) throws(PersistenceError) -> Data {
        var parts: [String: Any] = [:]
        for (name, part) in self.parts {
            guard let value = try? JSONSerialization.jsonObject(with: part.value, options: [.fragmentsAllowed]) else {
                throw .unwritable(path: path, reason: "the part \(name) could not be encoded as JSON")
            }
            parts[name] = ["version": part.version, "value": value]
        }
        let top: [String: Any] = [
            "persistence": Self.formatVersion, "journalGeneration": journalGeneration, "parts": parts,
        ]
        do {
            return try JSONSerialization.data(withJSONObject: top, options: [.prettyPrinted, .sortedKeys])
                + Data("\n".utf8)
        } catch {
            throw .unwritable(path: path, reason: "the state could not be encoded (\(error))")
        }
    }
}
