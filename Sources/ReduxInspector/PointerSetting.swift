import Foundation

// The generated file's `set` function and the types it needs, between the two markers below,
// are the text `JSONChanges.setFunction` writes into the file (`PointerSettingSourceTests` checks
// they are the same): the generator applies each change with this code before it writes it.

// Generated file's `set`: begin
/// Sets the value at a JSON Pointer (RFC 6901) in a value, as the inspector wrote a change: a last
/// token `-` appends to an array; `null` makes an optional nil or removes a dictionary's entry.
/// Only the values the pointer goes through are made again; every other part is kept as it is.
private func set<Value: Decodable>(_ value: inout Value, _ pointer: String, _ json: String) throws {
    let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
        $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
    let leaf = PointerLeaf(isNull: json == "null") { try JSONDecoder().decode($0, from: Data(json.utf8)) }
    value = try setting(Value.self, in: value, at: tokens[...], to: leaf)
}

/// The value a pointer sets: whether it is `null`, and the value as a type.
private struct PointerLeaf {
    let isNull: Bool
    let decode: (any Decodable.Type) throws -> Any
}

/// A pointer that leads nowhere in the value it was applied to.
private struct NoSuchPointer: Error {
    let tokens: [String]
}

/// `old` with the pointer's value set where `tokens` lead: an array's or a dictionary's element
/// set in place, a struct made again from its fields, the one on the way set.
private func setting<T: Decodable>(
    _ type: T.Type, in old: Any?, at tokens: ArraySlice<String>, to leaf: PointerLeaf
) throws -> T {
    let old = old.flatMap(unwrapped)
    let new: Any
    if tokens.isEmpty {
        new = try leaf.decode(type)
    } else if let collection = old as? any PointerCollection {
        new = try collection.withElement(at: tokens, setTo: leaf)
    } else {
        new = try T(from: PointerDecoder(old: old, tokens: tokens, leaf: leaf))
    }
    guard let value = new as? T else { throw NoSuchPointer(tokens: [String](tokens)) }
    return value
}

/// The value an optional holds (nil for none), or the value itself.
private func unwrapped(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first.flatMap { unwrapped($0.value) }
}

/// An array or a dictionary, whose element a pointer sets in place.
private protocol PointerCollection {
    func withElement(at tokens: ArraySlice<String>, setTo leaf: PointerLeaf) throws -> Any
}

/// An array's element set at its index, or appended at `-`.
extension Array: PointerCollection where Element: Decodable {
    fileprivate func withElement(at tokens: ArraySlice<String>, setTo leaf: PointerLeaf) throws -> Any {
        var array = self
        if tokens.count == 1, tokens.first == "-" {
            array.append(try setting(Element.self, in: nil, at: [], to: leaf))
            return array
        }
        guard let index = tokens.first.flatMap({ Int($0) }), array.indices.contains(index) else {
            throw NoSuchPointer(tokens: [String](tokens))
        }
        array[index] = try setting(Element.self, in: array[index], at: tokens.dropFirst(), to: leaf)
        return array
    }
}

/// A dictionary's entry set at its key, or removed by `null`.
extension Dictionary: PointerCollection where Key: LosslessStringConvertible, Value: Decodable {
    fileprivate func withElement(at tokens: ArraySlice<String>, setTo leaf: PointerLeaf) throws -> Any {
        guard let key = tokens.first.flatMap({ Key($0) }) else { throw NoSuchPointer(tokens: [String](tokens)) }
        var dictionary = self
        if tokens.count == 1, leaf.isNull {
            dictionary[key] = nil
        } else {
            dictionary[key] = try setting(Value.self, in: dictionary[key], at: tokens.dropFirst(), to: leaf)
        }
        return dictionary
    }
}

/// Decodes a struct on a pointer's way from the old value's fields, the one on the way set.
private struct PointerDecoder: Decoder {
    let old: Any?
    let tokens: ArraySlice<String>
    let leaf: PointerLeaf
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(PointerFields(decoder: self))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw NoSuchPointer(tokens: [String](tokens))
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw NoSuchPointer(tokens: [String](tokens))
    }
}

/// A struct's fields, read from the old value by name, but the one the pointer sets.
private struct PointerFields<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: PointerDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
        children.compactMap { $0.label.flatMap(Key.init(stringValue:)) }
    }
    func contains(_ key: Key) -> Bool {
        isSet(key) ? !(decoder.tokens.count == 1 && decoder.leaf.isNull) : field(key) != nil
    }
    func decodeNil(forKey key: Key) throws -> Bool {
        isSet(key) ? decoder.tokens.count == 1 && decoder.leaf.isNull : field(key).flatMap(unwrapped) == nil
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }
    func nestedContainer<Nested: CodingKey>(
        keyedBy type: Nested.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<Nested> {
        throw NoSuchPointer(tokens: [key.stringValue])
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw NoSuchPointer(tokens: [key.stringValue])
    }
    func superDecoder() throws -> any Decoder {
        throw NoSuchPointer(tokens: [String](decoder.tokens))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw NoSuchPointer(tokens: [key.stringValue])
    }
    private var children: [Mirror.Child] {
        decoder.old.map { Array(Mirror(reflecting: $0).children) } ?? []
    }
    private func isSet(_ key: Key) -> Bool {
        key.stringValue == decoder.tokens.first
    }
    private func field(_ key: Key) -> Any? {
        children.first { $0.label == key.stringValue }?.value
    }
    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        if isSet(key) {
            return try setting(type, in: field(key), at: decoder.tokens.dropFirst(), to: decoder.leaf)
        }
        guard let value = field(key).flatMap(unwrapped) as? T else { throw NoSuchPointer(tokens: [key.stringValue]) }
        return value
    }
}
// Generated file's `set`: end

extension JSONChanges {
    /// A value with a change set as the generated test's `set` sets it.
    ///
    /// - Parameters:
    ///   - change: The change, as written.
    ///   - value: The value it is applied to.
    ///   - elements: For a change written one element a line, the array it sets, its elements
    ///     checked to decode from their JSON one by one: set as it is, rather than decoded from
    ///     the whole array's JSON at once (which no limit could stop).
    /// - Returns: The value changed; nil when the change does not apply.
    static func applying<Value: Decodable>(_ change: Change, to value: Value, elements: Any? = nil) -> Value? {
        var value = value
        guard let elements else {
            return (try? set(&value, change.pointer, change.json)).map { value }
        }
        let tokens = change.pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        return try? setting(Value.self, in: value, at: tokens[...], to: PointerLeaf(isNull: false) { _ in elements })
    }

}
