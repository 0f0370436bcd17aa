import Foundation
internal import ReduxReducers

/// The `Encoder` a value's `encode(to:)` sees.
struct LineEncoder: Encoder {
    let writer: JSONLineOutput
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        let depth = writer.openContainer(UInt8(ascii: "{"), UInt8(ascii: "}"))
        if codingPath.isEmpty {
            return writer.keptContainer(keyedBy: keyType, depth: depth)
        }
        return KeyedEncodingContainer(KeyedLineContainer<Key>(writer: writer, depth: depth, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let depth = writer.openContainer(UInt8(ascii: "["), UInt8(ascii: "]"))
        return UnkeyedLineContainer(writer: writer, depth: depth, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleLineContainer(writer: writer, codingPath: codingPath)
    }
}

/// Writes one value: what a single-value container and the elements of the others share.
protocol LineValueWriting {
    var writer: JSONLineOutput { get }
    var codingPath: [any CodingKey] { get }
}

extension LineValueWriting {
    func write<Value: Encodable>(_ value: Value) throws {
        // The common leaves first, by metatype: their own `encode(to:)` would go through a
        // single-value container.
        if Value.self == String.self {
            writer.writeString(value as! String)
        } else if Value.self == Int.self {
            writer.writeInteger(Int64(value as! Int))
        } else if Value.self == Bool.self {
            writer.writeBool(value as! Bool)
        } else if Value.self == Double.self {
            try writer.writeFloat(value as! Double, codingPath: codingPath)
        } else {
            try writer.writeValue(value)
        }
    }
}

struct SingleLineContainer: SingleValueEncodingContainer, LineValueWriting {
    let writer: JSONLineOutput
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try writer.writeFloat(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try writer.writeFloat(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writer.writeUnsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writer.writeUnsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value) }
}

/// A keyed container: its elements are written at its depth. Holds nothing but where it writes,
/// so that one of each key type and depth can be kept and handed out again.
struct KeyedLineContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, LineValueWriting {
    let writer: JSONLineOutput
    let depth: Int
    let codingPath: [any CodingKey]

    private func key(_ key: Key) {
        writer.beginElement(at: depth)
        writer.writeString(key.stringValue)
        writer.append(UInt8(ascii: ":"))
    }

    mutating func encodeNil(forKey key: Key) throws {
        self.key(key)
        writer.writeNull()
    }

    // The leaves without the generic method's metatype comparisons (the protocol's defaults
    // would call it).
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        self.key(key)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        self.key(key)
        writer.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        self.key(key)
        try writer.writeFloat(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        self.key(key)
        try writer.writeFloat(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        self.key(key)
        writer.writeInteger(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        self.key(key)
        writer.writeUnsigned(value)
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
        writer.append(UInt8(ascii: ":"))
        return LineEncoder(writer: writer, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        self.key(key)
        return LineEncoder(writer: writer, codingPath: codingPath + [key])
    }
}

/// An unkeyed container: its elements are written at its depth, and counted there (three words,
/// so that the `any UnkeyedEncodingContainer` holding it needs no allocation).
struct UnkeyedLineContainer: UnkeyedEncodingContainer, LineValueWriting {
    let writer: JSONLineOutput
    let depth: Int
    let codingPath: [any CodingKey]

    var count: Int { writer.count(at: depth) }

    mutating func encodeNil() throws {
        writer.beginElement(at: depth)
        writer.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        writer.beginElement(at: depth)
        writer.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        writer.beginElement(at: depth)
        writer.writeString(value)
    }

    mutating func encode(_ value: Int) throws {
        writer.beginElement(at: depth)
        writer.writeInteger(Int64(value))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.beginElement(at: depth)
        try write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        writer.beginElement(at: depth)
        return LineEncoder(writer: writer, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        writer.beginElement(at: depth)
        return LineEncoder(writer: writer, codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        writer.beginElement(at: depth)
        return LineEncoder(writer: writer, codingPath: codingPath)
    }
}
