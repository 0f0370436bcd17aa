import Foundation

/// The JSON of an HTML export (an ``EmbeddedSession``), written straight into the page's bytes:
/// the same object `JSONEncoder` writes for the session, without its boxes.
///
/// `JSONEncoder` builds a tree of boxed values for what it encodes and walks it again to write
/// it: for an export, whose patches and trees are most of the page, that was nine tenths of the
/// work. The export's own types write themselves (``ExportJSONValue``), field by field in the
/// order their `Codable` conformances use, leaving out a field that is `nil` as those do. A `<`
/// in a string is written `\u003c`, which means the same inside a JSON string, so that nothing in
/// the data can end the page's `<script>` element early.
struct ExportJSON {
    /// The bytes written so far, but for the last few in ``bytes``.
    private var written = Data()
    /// The last bytes written, moved to ``written`` 64 KiB at a time: appending a byte to an
    /// array is cheap, to `Data` not, and the page is not copied whole at the end.
    private var bytes: [UInt8] = []

    /// The bytes written so far.
    var data: Data { bytes.isEmpty ? written : written + bytes }

    /// Moves the last bytes written to ``written`` once there are 64 KiB of them.
    private mutating func flushIfLarge() {
        guard bytes.count >= 1 << 16 else { return }
        written.append(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends the JSON of a session: the same object as `JSONEncoder` writes for it.
    ///
    /// - Parameter session: The data of an export.
    /// - Complexity: O(size of the JSON).
    mutating func append(_ session: EmbeddedSession) {
        var object = beginObject()
        field("session", session.session, in: &object)
        field("entries", session.entries, in: &object)
        field("interval", session.interval, in: &object)
        field("checkpoints", session.checkpoints, in: &object)
        field("patches", session.patches, in: &object)
        field("changes", session.changes, in: &object)
        field("trimmed", session.trimmed, in: &object)
        end(object)
        written.append(contentsOf: bytes)
        bytes.removeAll()
    }

    /// Appends text as it is: the page around the data.
    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        flushIfLarge()
    }

    /// An object being written: whether a field needs a comma before it.
    struct Object {
        fileprivate var isEmpty = true
    }

    /// Starts an object: `{`.
    mutating func beginObject() -> Object {
        bytes.append(UInt8(ascii: "{"))
        return Object()
    }

    /// Ends an object: `}`.
    mutating func end(_ object: Object) {
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a field of an object; a `nil` value is left out, as `encodeIfPresent` does.
    ///
    /// - Parameters:
    ///   - key: The field's name.
    ///   - value: Its value.
    ///   - object: The object being written.
    mutating func field(_ key: String, _ value: (some ExportJSONValue)?, in object: inout Object) {
        guard let value else { return }
        if !object.isEmpty {
            bytes.append(UInt8(ascii: ","))
        }
        object.isEmpty = false
        append(string: key)
        bytes.append(UInt8(ascii: ":"))
        value.write(to: &self)
    }

    /// Appends a number.
    mutating func append(number: Int) {
        append(String(number))
    }

    /// Appends a number; one JSON cannot hold (infinite, not a number) is written `null`.
    mutating func append(number: Double) {
        append(number.isFinite ? String(describing: number) : "null")
    }

    /// Appends `true` or `false`.
    mutating func append(bool: Bool) {
        append(bool ? "true" : "false")
    }

    /// Appends a string in quotes: `"`, `\` and `/` escaped (as `JSONEncoder` does), control
    /// characters as `\n`, `\r`, `\t` or `\u00XX`, and `<` as `\u003c`.
    mutating func append(string: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = string
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x80 {
                guard let escaped = Self.escapes[Int(byte)] else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                bytes.append(contentsOf: escaped)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// What each ASCII byte is written as inside a string, or nil for itself.
    private static let escapes: [[UInt8]?] = (0..<0x80).map { byte -> [UInt8]? in
        switch byte {
        case 0x22: Array(#"\""#.utf8)
        case 0x5C: Array(#"\\"#.utf8)
        case 0x2F: Array(#"\/"#.utf8)  // as JSONEncoder writes it
        case 0x3C: Array(#"\u003c"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case ..<0x20: Array((#"\u00"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
        default: nil
        }
    }

    /// Appends an array of values.
    mutating func append(array: some Sequence<some ExportJSONValue>) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for element in array {
            if !first {
                bytes.append(UInt8(ascii: ","))
            }
            first = false
            element.write(to: &self)
            flushIfLarge()
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

/// A value of an HTML export that writes its own JSON (``ExportJSON``): what its `Encodable`
/// conformance writes with `JSONEncoder`, the same fields in the same order.
protocol ExportJSONValue {
    /// Appends the value's JSON.
    ///
    /// - Parameter json: The export being written.
    func write(to json: inout ExportJSON)
}

extension Int: ExportJSONValue {
    func write(to json: inout ExportJSON) { json.append(number: self) }
}

extension Double: ExportJSONValue {
    func write(to json: inout ExportJSON) { json.append(number: self) }
}

extension Bool: ExportJSONValue {
    func write(to json: inout ExportJSON) { json.append(bool: self) }
}

extension String: ExportJSONValue {
    func write(to json: inout ExportJSON) { json.append(string: self) }
}

extension Array: ExportJSONValue where Element: ExportJSONValue {
    func write(to json: inout ExportJSON) { json.append(array: self) }
}

extension SessionSummary: ExportJSONValue {
    func write(to json: inout ExportJSON) {
        var object = json.beginObject()
        json.field("count", count, in: &object)
        json.field("notes", notes, in: &object)
        json.field("types", types, in: &object)
        json.field("edited", edited, in: &object)
        json.field("interactive", interactive, in: &object)
        json.field("exportsTests", exportsTests, in: &object)
        json.end(object)
    }
}

extension InspectedEntry: ExportJSONValue {
    func write(to json: inout ExportJSON) {
        var object = json.beginObject()
        json.field("index", index, in: &object)
        json.field("recordedIndex", recordedIndex, in: &object)
        json.field("typeName", typeName, in: &object)
        json.field("summary", summary, in: &object)
        json.field("causes", causes, in: &object)
        json.field("isSkipped", isSkipped, in: &object)
        json.field("problem", problem, in: &object)
        json.field("site", site, in: &object)
        json.field("time", time, in: &object)
        json.end(object)
    }
}

extension StateNode: ExportJSONValue {
    func write(to json: inout ExportJSON) {
        var object = json.beginObject()
        json.field("label", label, in: &object)
        json.field("kind", kind.rawValue, in: &object)
        json.field("value", value, in: &object)
        json.field("children", children, in: &object)
        json.end(object)
    }
}

extension TreePatch: ExportJSONValue {
    func write(to json: inout ExportJSON) {
        var object = json.beginObject()
        json.field("path", path, in: &object)
        json.field("node", node, in: &object)
        json.field("value", value, in: &object)
        json.field("append", append, in: &object)
        json.end(object)
    }
}

extension StateChange: ExportJSONValue {
    func write(to json: inout ExportJSON) {
        var object = json.beginObject()
        json.field("path", path, in: &object)
        json.field("old", old, in: &object)
        json.field("new", new, in: &object)
        json.end(object)
    }
}
