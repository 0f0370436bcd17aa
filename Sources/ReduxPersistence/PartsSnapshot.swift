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

    /// The largest `journalGeneration` a file may hold: the next save numbers its journal one
    /// more, which must still be an `Int`. A save adds one per compaction, so no file reaches it;
    /// a file holding more (edited, or damaged) is refused, rather than crashing that save.
    static let largestJournalGeneration = Int.max - 1

    /// A stored part: the version its feature wrote and its value, one JSON value.
    struct Part {
        var version: Int
        /// The value's JSON; read from a file, a slice of the file's bytes (its indices need not
        /// start at 0).
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
    ///   - readEarlier: Reads a file without a `persistence` field, written before the app used
    ///     this module; `nil` when there is no such form.
    /// - Throws: ``PersistenceError/corrupt(path:reason:)`` or
    ///   ``PersistenceError/newerFormat(path:found:supported:)``.
    init(_ data: Data, path: String, readEarlier: ((Data) throws -> EarlierFile)?) throws(PersistenceError) {
        guard !data.isEmpty else { return }
        // The common case, a valid file in this module's form, without building its values.
        if let scanned = Self.scanned(data) {
            self = scanned
            return
        }
        // Anything else is read in full, which says what is wrong or reads an earlier form.
        guard data.contains(where: { !Self.isJSONSpace($0) }) else {
            throw .corrupt(path: path, reason: "it holds only white space")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            // The decoder says where the JSON goes wrong.
            struct Anything: Decodable {}
            do {
                _ = try JSONDecoder().decode(Anything.self, from: data)
            } catch {
                throw .corrupt(path: path, reason: describeDecodingFailure(error))
            }
            // The decoder accepted what the reading refused: bytes that are not UTF-8, most likely.
            let isUTF8 = data.withUnsafeBytes { JSONScanner.isValidUTF8($0) }
            throw .corrupt(
                path: path, reason: isUTF8 ? "it is not valid JSON" : "it is not UTF-8 text, as every state file is")
        }
        guard let top = object as? [String: Any] else {
            throw .corrupt(
                path: path, reason: "it holds \(Self.kind(of: object, in: data)) where a state file holds an object")
        }
        guard let format = top["persistence"] as? Int else {
            if top["persistence"] != nil {
                throw .corrupt(
                    path: path, reason: "its persistence field is not a whole number, as every version wrote it")
            }
            guard let readEarlier else { throw .corrupt(path: path, reason: "it has no persistence field") }
            let earlier: EarlierFile
            do {
                earlier = try readEarlier(data)
            } catch let error as PersistenceError {
                throw error
            } catch {
                throw .corrupt(path: path, reason: describeDecodingFailure(error))
            }
            journalGeneration = try Self.checked(earlier.journalGeneration, path: path)
            parts = earlier.parts
            return
        }
        guard format <= Self.formatVersion else {
            throw .newerFormat(path: path, found: format, supported: Self.formatVersion)
        }
        guard format >= 1 else {
            throw .corrupt(
                path: path, reason: "its persistence format \(format) is not one any version wrote (they start at 1)")
        }
        if let generation = top["journalGeneration"] {
            // A number past `Int`, a fraction, a string: no save writes one; read as 0, it would
            // name the wrong journal.
            guard let generation = generation as? Int else {
                throw .corrupt(
                    path: path,
                    reason: "journalGeneration is not a whole number from 0 to \(Self.largestJournalGeneration)")
            }
            journalGeneration = try Self.checked(generation, path: path)
        }
        // No parts is an empty file's; parts of another kind are not read as none, which a save
        // would then make true.
        let storedParts = top["parts"] ?? [String: Any]()
        guard let storedParts = storedParts as? [String: Any] else {
            throw .corrupt(path: path, reason: "its parts field is not an object of named parts")
        }
        for (name, entry) in storedParts {
            guard let entry = entry as? [String: Any], let version = entry["version"] as? Int,
                let value = entry["value"],
                let json = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            else {
                throw .corrupt(path: path, reason: "the part \(name) has no version and value")
            }
            parts[name] = Part(version: version, value: json)
        }
    }

    /// The snapshot of a valid file in this module's form, read without building its values: each
    /// part's value is the bytes the file holds (<doc:Performance>, opening a state file); nil for
    /// anything else (invalid JSON, another form, a newer format, a field of the wrong kind),
    /// which the full reading handles and reports.
    private static func scanned(_ data: Data) -> PartsSnapshot? {
        data.withUnsafeBytes { bytes -> PartsSnapshot? in
            var scanner = JSONScanner(bytes)
            var snapshot = PartsSnapshot()
            var format: Int?
            do throws(JSONScanner.Invalid) {
                guard scanner.isAtObject() else { return nil }
                try scanner.readObjectStart()
                var first = true
                while let key = try scanner.readKey(first: first) {
                    first = false
                    switch key {
                    case "persistence":
                        guard let found = try scanner.readInteger() else { return nil }
                        format = found
                    case "journalGeneration":
                        guard let found = try scanner.readInteger(), (0...largestJournalGeneration).contains(found)
                        else { return nil }
                        snapshot.journalGeneration = found
                    case "parts":
                        guard let parts = try readParts(&scanner, in: data) else { return nil }
                        snapshot.parts = parts
                    default:
                        _ = try scanner.skipValue()
                    }
                }
                guard scanner.isAtEnd() else { return nil }
            } catch {
                return nil
            }
            guard let format, (1...formatVersion).contains(format) else { return nil }
            // The scanner checks the grammar; the text's encoding is checked once, when a string
            // held bytes outside ASCII.
            if scanner.sawNonASCII && !JSONScanner.isValidUTF8(bytes) { return nil }
            return snapshot
        }
    }

    /// Reads the `parts` object: per name, an object with a `version` and a `value`; nil when an
    /// entry is not one.
    ///
    /// - Parameter data: The file's contents: each value is a slice of them, sharing their storage.
    private static func readParts(
        _ scanner: inout JSONScanner, in data: Data
    ) throws(JSONScanner.Invalid) -> [String: Part]? {
        guard scanner.isAtObject() else { return nil }
        try scanner.readObjectStart()
        var parts: [String: Part] = [:]
        var first = true
        while let name = try scanner.readKey(first: first) {
            first = false
            guard scanner.isAtObject() else { return nil }
            try scanner.readObjectStart()
            var version: Int?
            var value: Range<Int>?
            var firstField = true
            while let field = try scanner.readKey(first: firstField) {
                firstField = false
                switch field {
                case "version":
                    guard let found = try scanner.readInteger() else { return nil }
                    version = found
                case "value":
                    value = try scanner.skipValue()
                default:
                    _ = try scanner.skipValue()
                }
            }
            guard let version, let value else { return nil }
            parts[name] = Part(
                version: version,
                value: data[(data.startIndex + value.lowerBound)..<(data.startIndex + value.upperBound)])
        }
        return parts
    }

    /// What a JSON value that is not an object is, in words.
    private static func kind(of value: Any, in data: Data) -> String {
        switch value {
        case is [Any]: return "a JSON array"
        case is String: return "a JSON string"
        case is NSNull: return "JSON null"
        default:
            let first = data.first { !isJSONSpace($0) }
            return first == UInt8(ascii: "t") || first == UInt8(ascii: "f") ? "a JSON true or false" : "a JSON number"
        }
    }

    private static func isJSONSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// An empty snapshot.
    init() {}

    /// A journal generation read from a file, in this module's form or an earlier one: a
    /// negative one names no journal the module writes, and past ``largestJournalGeneration``
    /// the next save could not number its journal.
    private static func checked(_ generation: Int, path: String) throws(PersistenceError) -> Int {
        guard generation >= 0 else {
            throw .corrupt(path: path, reason: "journalGeneration \(generation) is negative")
        }
        guard generation <= largestJournalGeneration else {
            throw .corrupt(
                path: path,
                reason: "journalGeneration \(generation) is too large: no save writes more than "
                    + "\(largestJournalGeneration), and the next save could not number its journal")
        }
        return generation
    }

    /// The snapshot as the file's contents, once reading them back as the next run will has
    /// accepted them: a save never writes a file that every later run refuses (a number out of
    /// range, values nested deeper than a read allows).
    ///
    /// - Parameter path: The file's path, for errors.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)`` saying what the read would refuse;
    ///   nothing is written then.
    /// - Complexity: O(*s*) for contents of size *s*: the scan of a valid file, without building
    ///   its values.
    func encodedReadingBack(path: String) throws(PersistenceError) -> Data {
        let data = try encoded(path: path)
        do {
            _ = try PartsSnapshot(data, path: path, readEarlier: nil)
        } catch {
            let reason: String
            switch error {
            case .corrupt(_, let refused): reason = refused
            default: reason = error.description
            }
            throw .unwritable(
                path: path,
                reason: "the state to save would be refused when read back (\(reason)), so it was not written")
        }
        return data
    }

    /// The snapshot as the file's contents: one part per line, in name order, so saved files
    /// diff well. Each part's value is written as it was encoded (or read), not parsed again.
    ///
    /// - Parameter path: The file's path, for errors.
    /// - Throws: ``PersistenceError/unwritable(path:reason:)`` when a name cannot be encoded.
    func encoded(path: String) throws(PersistenceError) -> Data {
        var data = Data("{\n  \"journalGeneration\" : \(journalGeneration),\n  \"parts\" : {".utf8)
        let names = parts.keys.sorted()
        for (index, name) in names.enumerated() {
            guard let part = parts[name], let quoted = try? JSONEncoder().encode(name) else {
                throw .unwritable(path: path, reason: "the part name \(name) could not be encoded")
            }
            data += Data((index == 0 ? "\n    " : ",\n    ").utf8) + quoted
            data += Data(" : { \"version\" : \(part.version), \"value\" : ".utf8) + part.value + Data(" }".utf8)
        }
        data += Data("\n  },\n  \"persistence\" : \(Self.formatVersion)\n}\n".utf8)
        return data
    }
}
