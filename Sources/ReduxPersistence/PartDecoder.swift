import Foundation

/// Decodes a part of a state file straight from its JSON bytes: no tree of values is built, so
/// opening a large file costs its bytes and the values decoded, little more.
///
/// The part's grammar and UTF-8 are checked first, in one pass (`JSONScanner`). This reader is
/// never laxer than `JSONDecoder` with its default strategies: wherever it could differ (a number that does not fit, an escaped string it leaves to
/// `JSONDecoder`, a type mismatch, any error), it stops, and `JSONDecoder` decodes the part
/// instead, so a value is the one `JSONDecoder` gives and an error is the one it throws.
enum PartDecoder {
    /// Decodes `type` from `data` as `JSONDecoder().decode(type, from: data)` would.
    ///
    /// - Parameters:
    ///   - type: The part's type.
    ///   - data: One JSON value.
    /// - Returns: The value.
    /// - Throws: What `JSONDecoder` throws for the same bytes.
    /// - Complexity: O(*n*) in the size of `data`; memory for the decoded value, an index of the
    ///   members of the object being decoded and the element positions of each array.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        if let value = decodeDirectly(type, from: data) { return value }
        return try JSONDecoder().decode(Value.self, from: data)
    }

    /// Decodes `type` from `data` by this reader alone.
    ///
    /// - Returns: The value, or nil where the reader stops and leaves the part to `JSONDecoder`.
    static func decodeDirectly<Value: Decodable>(_ type: Value.Type, from data: Data) -> Value? {
        data.withUnsafeBytes { bytes in
            // The whole part is valid JSON in UTF-8 before any of it is read: what follows reads
            // each value knowing that (no leading zeros, no stray bytes), as `JSONDecoder` would
            // refuse the part otherwise.
            var scanner = JSONScanner(bytes)
            guard (try? scanner.skipValue()) != nil, scanner.isAtEnd(),
                !scanner.sawNonASCII || JSONScanner.isValidUTF8(bytes)
            else { return nil }
            let input = PartInput(bytes)
            guard let start = try? input.valueStart(at: 0) else { return nil }
            return try? input.decode(Value.self, at: start, codingPath: [])
        }
    }
}

/// What the reader found where it stopped: `JSONDecoder` takes over (see ``PartDecoder``).
struct PartDecodingStop: Error {}

/// The bytes of one part, while it is decoded, and the reading of single values in them.
///
/// Valid only inside the `withUnsafeBytes` call that made it: a decoder or container that
/// outlives `PartDecoder.decode` would read freed memory, and none does (`Decodable.init(from:)`
/// returns before the call ends).
final class PartInput {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The position of the first byte that is not white space from `position` on.
    func valueStart(at position: Int) throws(PartDecodingStop) -> Int {
        var position = position
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position
            }
        }
        throw PartDecodingStop()
    }

    /// The position just after the value that starts at `start`.
    func valueEnd(from start: Int) throws(PartDecodingStop) -> Int {
        var scanner = JSONScanner(bytes, at: start)
        do {
            _ = try scanner.skipValue()
        } catch {
            throw PartDecodingStop()
        }
        return scanner.position
    }

    /// Decodes a value of any type at `start`: the types `JSONDecoder` reads in a way of its own
    /// (`Data` from Base64, `URL` from a string) as it does, the others through their
    /// `init(from:)`. A `Decimal` is left to `JSONDecoder`, whose reading of one (from the text,
    /// or through a `Double`) depends on the platform's Foundation.
    func decode<Value: Decodable>(_: Value.Type, at start: Int, codingPath: [any CodingKey]) throws -> Value {
        if Value.self == Data.self {
            guard let data = Data(base64Encoded: try string(at: start)) else { throw PartDecodingStop() }
            return data as! Value
        }
        if Value.self == URL.self {
            guard let url = URL(string: try string(at: start)) else { throw PartDecodingStop() }
            return url as! Value
        }
        if Value.self == Decimal.self {
            throw PartDecodingStop()
        }
        return try Value(from: PartValueDecoder(input: self, start: start, codingPath: codingPath))
    }

    /// Whether the value at `start` is `null`.
    func isNull(at start: Int) -> Bool {
        matches("null", at: start)
    }

    /// The Boolean at `start`.
    func bool(at start: Int) throws(PartDecodingStop) -> Bool {
        if matches("true", at: start) { return true }
        if matches("false", at: start) { return false }
        throw PartDecodingStop()
    }

    /// The string at `start`, read as the snapshot's scanner reads one (an escaped string as
    /// `JSONDecoder` reads it).
    func string(at start: Int) throws(PartDecodingStop) -> String {
        var scanner = JSONScanner(bytes, at: start)
        do {
            return try scanner.readString()
        } catch {
            throw PartDecodingStop()
        }
    }

    /// A signed integer at `start`, when the number is written as one and fits `Integer`.
    func integer<Integer: FixedWidthInteger>(_: Integer.Type, at start: Int) throws(PartDecodingStop) -> Integer {
        var position = start
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard !negative || Integer.isSigned else { throw PartDecodingStop() }
        var value: Integer = 0
        var digits = 0
        while position < bytes.count, case let byte = bytes[position], byte >= 0x30, byte <= 0x39 {
            let digit = Integer(byte - 0x30)
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAgain) =
                negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflowAgain else { throw PartDecodingStop() }
            value = next
            digits += 1
            position += 1
        }
        // A fraction or an exponent ("1.0", "1e3"): `JSONDecoder` decides.
        guard digits > 0, position == bytes.count || !Self.continuesNumber(bytes[position]) else {
            throw PartDecodingStop()
        }
        return value
    }

    /// The `Double` at `start`, when it is finite. (A `Float` is left to `JSONDecoder`: whether it
    /// rounds the text once or through a `Double` depends on the platform's Foundation.)
    func double(at start: Int) throws(PartDecodingStop) -> Double {
        guard let value = Double(try numberText(at: start)), value.isFinite else { throw PartDecodingStop() }
        return value
    }

    /// The text of the number at `start`.
    private func numberText(at start: Int) throws(PartDecodingStop) -> String {
        var position = start
        while position < bytes.count, Self.continuesNumber(bytes[position]) || bytes[position] == UInt8(ascii: "-") {
            position += 1
        }
        guard position > start else { throw PartDecodingStop() }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Whether a byte can follow the digits of a number: a digit, a point, an exponent or its sign.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Whether `literal` is written at `start`.
    private func matches(_ literal: StaticString, at start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[start + offset] != literal.utf8Start[offset] {
            return false
        }
        return true
    }

    /// The members of the object at `start`: each key, and where its value starts.
    func members(at start: Int) throws(PartDecodingStop) -> [(key: String, value: Int)] {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { throw PartDecodingStop() }
        var members: [(key: String, value: Int)] = []
        var position = try valueStart(at: start + 1)
        if bytes[position] == UInt8(ascii: "}") { return members }
        while true {
            let key = try string(at: position)
            position = try valueStart(at: try valueEnd(from: position))
            guard bytes[position] == UInt8(ascii: ":") else { throw PartDecodingStop() }
            let value = try valueStart(at: position + 1)
            members.append((key, value))
            position = try valueStart(at: try valueEnd(from: value))
            switch bytes[position] {
            case UInt8(ascii: ","): position = try valueStart(at: position + 1)
            case UInt8(ascii: "}"):
                // A key written twice: which value counts is `JSONDecoder`'s to say.
                guard !Self.hasRepeatedKey(members) else { throw PartDecodingStop() }
                return members
            default: throw PartDecodingStop()
            }
        }
    }

    /// Whether a key appears twice among an object's members.
    private static func hasRepeatedKey(_ members: [(key: String, value: Int)]) -> Bool {
        guard members.count > 8 else {
            for (index, member) in members.enumerated()
            where members[..<index].contains(where: { $0.key == member.key }) {
                return true
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: members.count)
        return members.contains { !seen.insert($0.key).inserted }
    }

    /// Where each element of the array at `start` starts.
    func elements(at start: Int) throws(PartDecodingStop) -> [Int] {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { throw PartDecodingStop() }
        var elements: [Int] = []
        var position = try valueStart(at: start + 1)
        if bytes[position] == UInt8(ascii: "]") { return elements }
        while true {
            elements.append(position)
            position = try valueStart(at: try valueEnd(from: position))
            switch bytes[position] {
            case UInt8(ascii: ","): position = try valueStart(at: position + 1)
            case UInt8(ascii: "]"): return elements
            default: throw PartDecodingStop()
            }
        }
    }
}
