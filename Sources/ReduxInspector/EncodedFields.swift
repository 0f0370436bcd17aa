import Foundation

/// The fields a value's `Encodable` conformance writes as a JSON object, each still a Swift
/// value: the keys and what is encoded under each, one level down.
///
/// ```swift
/// EncodedFields(of: scoreHistory)?.fields   // [("rounds", [RecordedRound])]: what it writes, not its stored properties
/// ```
///
/// Found without encoding the fields, so it costs their number, not the value's size: a
/// generated test's change is found by walking down the fields that differ. Nil for a value
/// written otherwise: a number, a string, an array, a value written as one (an enum with a raw
/// value, `Date`), with nested containers, or one `JSONEncoder` writes its own way (`URL`,
/// `Data`, `Decimal`).
struct EncodedFields {
    /// The keys in the order they were encoded, with their values (an optional left out when
    /// nil, as `encodeIfPresent` does; a `null` written as `NSNull`).
    let fields: [(key: String, value: Any)]

    /// The fields of `value`, when it is `Encodable` and writes one object of them.
    init?(of value: Any) {
        guard let value = value as? any Encodable, !(value is URL || value is Data || value is Decimal || value is Date)
        else { return nil }
        let encoder = FieldsEncoder()
        guard (try? value.encode(to: encoder)) != nil, encoder.containers == 1, !encoder.isWritingOtherwise else {
            return nil
        }
        fields = encoder.fields
    }
}

/// Keeps what a value's `encode(to:)` puts in its keyed container, without encoding it.
private final class FieldsEncoder: Encoder {
    var fields: [(key: String, value: Any)] = []
    /// How many containers were asked for: one, for a value written as one object.
    var containers = 0
    /// Whether the value writes something but fields: a single value, an array, a nested container.
    var isWritingOtherwise = false
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        containers += 1
        return KeyedEncodingContainer(FieldsContainer(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isWritingOtherwise = true
        return IgnoredContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        isWritingOtherwise = true
        return IgnoredContainer()
    }
}

/// A keyed container that keeps each value under its key.
private struct FieldsContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FieldsEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { keep(NSNull(), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: String, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { keep(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { keep(value, key) }

    mutating func nestedContainer<Nested: CodingKey>(
        keyedBy keyType: Nested.Type, forKey key: Key
    ) -> KeyedEncodingContainer<Nested> {
        encoder.isWritingOtherwise = true
        return KeyedEncodingContainer(FieldsContainer<Nested>(encoder: FieldsEncoder()))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.isWritingOtherwise = true
        return IgnoredContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isWritingOtherwise = true
        return FieldsEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.isWritingOtherwise = true
        return FieldsEncoder()
    }

    private func keep(_ value: Any, _ key: Key) {
        encoder.fields.append((key.stringValue, value))
    }
}

/// A container for what is not kept: a value written as one, or as an array.
private struct IgnoredContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() {}
    mutating func encode<T: Encodable>(_ value: T) {}
    mutating func encode(_ value: Bool) {}
    mutating func encode(_ value: String) {}
    mutating func encode(_ value: Double) {}
    mutating func encode(_ value: Float) {}
    mutating func encode(_ value: Int) {}
    mutating func encode(_ value: Int8) {}
    mutating func encode(_ value: Int16) {}
    mutating func encode(_ value: Int32) {}
    mutating func encode(_ value: Int64) {}
    mutating func encode(_ value: UInt) {}
    mutating func encode(_ value: UInt8) {}
    mutating func encode(_ value: UInt16) {}
    mutating func encode(_ value: UInt32) {}
    mutating func encode(_ value: UInt64) {}

    mutating func nestedContainer<Nested: CodingKey>(keyedBy keyType: Nested.Type) -> KeyedEncodingContainer<Nested> {
        KeyedEncodingContainer(FieldsContainer<Nested>(encoder: FieldsEncoder()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        IgnoredContainer()
    }

    mutating func superEncoder() -> any Encoder {
        FieldsEncoder()
    }
}
