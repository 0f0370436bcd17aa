import Foundation

/// Writes an `Encodable` value as compact JSON into a byte buffer, streaming: each container
/// writes its elements as they are encoded, with no intermediate tree.
///
/// Foundation's `JSONEncoder` builds a tree of boxed values, then serialises it (~5 µs for a
/// small action); this writes the same JSON (as `JSONDecoder` with default strategies reads it:
/// `Data` as Base64, `URL` as a string, `Date` as its own `Codable` number) in a fraction of that.
/// Containers are closed when a write reaches an outer one, and when the value is done, which is
/// how synthesised and hand-written `encode(to:)` methods use them.
///
/// Not thread-safe: its owner serialises the calls (the journal writer holds its lock). Hence the
/// unchecked exclusivity: the run-time checks of the class's properties cost more than the writing.
final class JSONLineEncoder {
    /// The JSON written so far.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    /// The open containers, innermost last: the byte that closes each, and whether it has an
    /// element yet.
    @exclusivity(unchecked) fileprivate var open: [(closer: UInt8, hasElements: Bool)] = []
    /// Whether the value being encoded has written anything yet (an empty `encode(to:)` writes
    /// `{}`, as `JSONEncoder` does).
    @exclusivity(unchecked) fileprivate var wroteValue = false

    /// Appends a value's JSON to ``bytes``.
    ///
    /// - Throws: `EncodingError.invalidValue` for a non-finite floating-point number, or what the
    ///   value's `encode(to:)` throws; the bytes written before the error stay (the caller cuts
    ///   them off).
    func encode(_ value: some Encodable) throws {
        let depth = open.count
        do {
            try writeValue(value)
        } catch {
            open.removeSubrange(depth...)
            throw error
        }
    }

    /// Writes a nested value at the current position.
    fileprivate func writeValue<Value: Encodable>(_ value: Value) throws {
        // Metatype comparisons, not casts: a dynamic cast per value cost more than the writing.
        if Value.self == Data.self {
            writeString((value as! Data).base64EncodedString())
            return
        }
        if Value.self == URL.self {
            writeString((value as! URL).absoluteString)
            return
        }
        if Value.self == Decimal.self {
            writeLiteral((value as! Decimal).description)
            return
        }
        let depth = open.count
        wroteValue = false
        try value.encode(to: LineEncoder(writer: self, codingPath: []))
        close(to: depth)
        if !wroteValue {
            bytes.append(contentsOf: "{}".utf8)
        }
        wroteValue = true
    }

    /// Closes the containers deeper than `depth`.
    fileprivate func close(to depth: Int) {
        while open.count > depth {
            bytes.append(open.removeLast().closer)
        }
    }

    /// Opens a container at `depth` (closing deeper ones first).
    fileprivate func openContainer(_ opener: UInt8, _ closer: UInt8) {
        bytes.append(opener)
        open.append((closer, false))
        wroteValue = true
    }

    /// Prepares to write an element of the container at `depth`: closes deeper containers and
    /// writes the comma.
    fileprivate func beginElement(at depth: Int) {
        close(to: depth + 1)
        if open[depth].hasElements {
            bytes.append(UInt8(ascii: ","))
        } else {
            open[depth].hasElements = true
        }
    }

    /// Appends a string's JSON to ``bytes``.
    func encodeString(_ string: String) {
        writeString(string)
    }

    fileprivate func writeString(_ string: String) {
        wroteValue = true
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    fileprivate func writeLiteral(_ text: String) {
        wroteValue = true
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a whole number's digits to ``bytes``.
    func writeDigits(_ value: Int) {
        guard value >= 0 else {
            writeInteger(value)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            bytes.append(contentsOf: digits[start...])
        }
    }

    fileprivate func writeInteger(_ value: some BinaryInteger) {
        wroteValue = true
        bytes.append(contentsOf: String(value).utf8)
    }

    fileprivate func writeFloat<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Number, codingPath: [any CodingKey]
    ) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not valid JSON"))
        }
        wroteValue = true
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}

/// The `Encoder` a value's `encode(to:)` sees.
private struct LineEncoder: Encoder {
    let writer: JSONLineEncoder
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        writer.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        return KeyedEncodingContainer(
            KeyedLineContainer<Key>(writer: writer, depth: writer.open.count - 1, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        return UnkeyedLineContainer(writer: writer, depth: writer.open.count - 1, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleLineContainer(writer: writer, codingPath: codingPath)
    }
}

/// Writes one value: what a single-value container and the elements of the others share.
private protocol LineValueWriting {
    var writer: JSONLineEncoder { get }
    var codingPath: [any CodingKey] { get }
}

extension LineValueWriting {
    func write<Value: Encodable>(_ value: Value) throws {
        // The common leaves first, by metatype: their own `encode(to:)` would go through a
        // single-value container.
        if Value.self == String.self {
            writer.writeString(value as! String)
        } else if Value.self == Int.self {
            writer.writeInteger(value as! Int)
        } else if Value.self == Bool.self {
            writer.writeLiteral(value as! Bool ? "true" : "false")
        } else if Value.self == Double.self {
            try writer.writeFloat(value as! Double, codingPath: codingPath)
        } else {
            try writer.writeValue(value)
        }
    }
}

private struct SingleLineContainer: SingleValueEncodingContainer, LineValueWriting {
    let writer: JSONLineEncoder
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { writer.writeLiteral("null") }
    mutating func encode(_ value: Bool) throws { writer.writeLiteral(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeFloat(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try writer.writeFloat(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { writer.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value) }
}

private struct KeyedLineContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, LineValueWriting {
    let writer: JSONLineEncoder
    let depth: Int
    let codingPath: [any CodingKey]

    private func key(_ key: Key) {
        writer.beginElement(at: depth)
        writer.writeString(key.stringValue)
        writer.bytes.append(UInt8(ascii: ":"))
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        writer.writeLiteral("null")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        self.key(key)
        try write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(at: depth)
        writer.writeString("super")
        writer.bytes.append(UInt8(ascii: ":"))
        return LineEncoder(writer: writer, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key])
    }
}

private struct UnkeyedLineContainer: UnkeyedEncodingContainer, LineValueWriting {
    let writer: JSONLineEncoder
    let depth: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(writer: JSONLineEncoder, depth: Int, codingPath: [any CodingKey]) {
        self.writer = writer
        self.depth = depth
        self.codingPath = codingPath
    }

    mutating func encodeNil() throws {
        writer.beginElement(at: depth)
        count += 1
        writer.writeLiteral("null")
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(at: depth)
        count += 1
        try write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(at: depth)
        count += 1
        return LineEncoder(writer: writer, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(at: depth)
        count += 1
        return LineEncoder(writer: writer, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(at: depth)
        count += 1
        return LineEncoder(writer: writer, codingPath: codingPath)
    }
}
