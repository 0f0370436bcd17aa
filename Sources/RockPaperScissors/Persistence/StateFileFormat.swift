import Foundation
import ReduxPersistence

/// Turns a ``PersistedState`` into the file's bytes and back, checking the format version
/// first so that a newer file is refused rather than misread.
///
/// The file is the snapshot of the state; beside it, the journal of the changes made since
/// (``StateJournal``) is named by the snapshot's `journalGeneration` (0 when the field is
/// missing, as in files of earlier versions).
enum StateFileFormat {
    private struct VersionProbe: Decodable {
        var formatVersion: Int?
        var journalGeneration: Int?
    }

    /// A decoded state file: the saved state and the generation of the journal that goes on
    /// from it.
    struct Snapshot {
        var state: PersistedState
        var journalGeneration: Int
    }

    /// The saved state with the journal generation beside its fields.
    private struct Encoded: Encodable {
        var state: PersistedState
        var journalGeneration: Int

        private enum CodingKeys: String, CodingKey {
            case journalGeneration
        }

        func encode(to encoder: any Encoder) throws {
            try state.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(journalGeneration, forKey: .journalGeneration)
        }
    }

    /// Encodes a state as pretty-printed JSON with sorted keys, so saved files diff well.
    ///
    /// - Parameters:
    ///   - state: The state to encode.
    ///   - journalGeneration: The generation of the journal that goes on from this snapshot.
    ///   - path: The file's path, for the error.
    /// - Returns: The file's contents.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)`` if encoding fails.
    static func encode(_ state: PersistedState, journalGeneration: Int, path: String) throws(PersistenceError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(Encoded(state: state, journalGeneration: journalGeneration)) + Data("\n".utf8)
        } catch {
            throw .unwritable(path: path, reason: "the state could not be encoded (\(error))")
        }
    }

    /// The journal generation a file names, read without decoding the state; `nil` when the
    /// file is not a state file.
    static func journalGeneration(in data: Data) -> Int? {
        guard let probe = try? JSONDecoder().decode(VersionProbe.self, from: data), probe.formatVersion != nil else {
            return nil
        }
        return max(0, probe.journalGeneration ?? 0)
    }

    /// Decodes a file's contents.
    ///
    /// - Parameters:
    ///   - data: The file's contents.
    ///   - path: The file's path, for errors.
    /// - Returns: The saved state and its journal generation.
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` or
    ///   ``PersistenceError/newerFormat(path:found:supported:)``.
    static func decode(_ data: Data, path: String) throws(PersistenceError) -> Snapshot {
        let decoder = JSONDecoder()
        guard data.contains(where: { !Self.isJSONSpace($0) }) else {
            throw .corrupt(path: path, reason: data.isEmpty ? "it is empty" : "it holds only white space")
        }
        if let kind = topLevelKind(of: data), kind != "an object" {
            throw .corrupt(
                path: path,
                reason: "it holds \(kind) where a state file holds an object "
                    + "({\"formatVersion\": …, \"settings\": …, \"scoreHistory\": …})")
        }
        let version: Int
        let generation: Int
        do {
            let probe = try decoder.decode(VersionProbe.self, from: data)
            guard let found = probe.formatVersion else {
                throw PersistenceError.corrupt(path: path, reason: "it has no formatVersion field")
            }
            version = found
            generation = probe.journalGeneration ?? 0
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw .corrupt(path: path, reason: describe(error))
        }
        guard version <= PersistedState.currentFormatVersion else {
            throw .newerFormat(path: path, found: version, supported: PersistedState.currentFormatVersion)
        }
        guard version >= 1 else {
            throw .corrupt(path: path, reason: "formatVersion \(version) is not a version rps ever wrote")
        }
        guard generation >= 0 else {
            throw .corrupt(path: path, reason: "journalGeneration \(generation) is not a generation rps ever wrote")
        }
        do {
            return Snapshot(state: try decoder.decode(PersistedState.self, from: data), journalGeneration: generation)
        } catch {
            throw .corrupt(path: path, reason: describe(error))
        }
    }

    /// What the file's JSON value is: "an object", "a JSON array", "a JSON string", "a JSON
    /// number", "a JSON true or false" or "JSON null"; `nil` when it is not valid JSON (the
    /// decoder then says what is wrong).
    private static func topLevelKind(of data: Data) -> String? {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return nil
        }
        switch value {
        case is [String: Any]: return "an object"
        case is [Any]: return "a JSON array"
        case is String: return "a JSON string"
        case is NSNull: return "JSON null"
        case is NSNumber:
            let first = data.first { !isJSONSpace($0) }
            return first == UInt8(ascii: "t") || first == UInt8(ascii: "f") ? "a JSON true or false" : "a JSON number"
        default: return nil
        }
    }

    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Says in words what a decoding error found wrong, and where.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "the field \(fieldName(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            guard !context.codingPath.isEmpty else { return "it has the wrong shape (\(context.debugDescription))" }
            return "the field \(fieldName(context.codingPath)) has the wrong type (\(context.debugDescription))"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "it is not valid JSON (\(context.debugDescription))"
            }
            return "the field \(fieldName(context.codingPath)) is invalid: \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func fieldName(_ path: [any CodingKey]) -> String {
        let parts = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        let joined = parts.joined()
        return joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
    }
}
