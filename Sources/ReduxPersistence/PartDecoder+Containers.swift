import Foundation

// The `Decoder` and its three containers that `PartDecoder` hands to `init(from:)`: each reads
// the value at a position of the part's bytes. Any mismatch stops the reading
// (`PartDecodingStop`), and `JSONDecoder` reads the part instead, with its own errors.

/// A decoder for the value at `start`.
struct PartValueDecoder: Decoder {
    let input: PartInput
    let start: Int
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(
            PartKeyedContainer<Key>(input: input, members: try input.members(at: start), path: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        PartUnkeyedContainer(input: input, elements: try input.elements(at: start), codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        PartSingleValueContainer(input: input, start: start, parentPath: codingPath, step: nil)
    }
}

/// The single value at `start`.
struct PartSingleValueContainer: SingleValueDecodingContainer {
    let input: PartInput
    let start: Int
    /// The path of the container the value is in.
    let parentPath: [any CodingKey]
    /// The value's key or index in that container; nil for a decoder's own value.
    let step: PartPathStep?

    init(input: PartInput, start: Int, parentPath: [any CodingKey], step: PartPathStep?) {
        self.input = input
        self.start = start
        self.parentPath = parentPath
        self.step = step
    }

    /// Made only when asked for: reading a member or an element builds no path.
    var codingPath: [any CodingKey] {
        guard let step else { return parentPath }
        return parentPath + [step.key]
    }

    func decodeNil() -> Bool { input.isNull(at: start) }
    func decode(_: Bool.Type) throws -> Bool { try input.bool(at: start) }
    func decode(_: String.Type) throws -> String { try input.string(at: start) }
    func decode(_: Double.Type) throws -> Double { try input.double(at: start) }
    func decode(_: Float.Type) throws -> Float { throw PartDecodingStop() }
    func decode(_: Int.Type) throws -> Int { try input.integer(Int.self, at: start) }
    func decode(_: Int8.Type) throws -> Int8 { try input.integer(Int8.self, at: start) }
    func decode(_: Int16.Type) throws -> Int16 { try input.integer(Int16.self, at: start) }
    func decode(_: Int32.Type) throws -> Int32 { try input.integer(Int32.self, at: start) }
    func decode(_: Int64.Type) throws -> Int64 { try input.integer(Int64.self, at: start) }
    func decode(_: UInt.Type) throws -> UInt { try input.integer(UInt.self, at: start) }
    func decode(_: UInt8.Type) throws -> UInt8 { try input.integer(UInt8.self, at: start) }
    func decode(_: UInt16.Type) throws -> UInt16 { try input.integer(UInt16.self, at: start) }
    func decode(_: UInt32.Type) throws -> UInt32 { try input.integer(UInt32.self, at: start) }
    func decode(_: UInt64.Type) throws -> UInt64 { try input.integer(UInt64.self, at: start) }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try input.decode(type, at: start, codingPath: codingPath)
    }
}

/// The members of an object, looked up by key.
struct PartKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let input: PartInput
    /// Each member's key and where its value starts, in the order written.
    let members: [(key: String, value: Int)]
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { path }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool {
        members.contains { $0.key == key.stringValue }
    }

    /// Where the value of `key` starts.
    private func value(for key: Key) throws -> Int {
        try value(named: key.stringValue)
    }

    /// Where the value of the member named `name` starts.
    private func value(named name: String) throws -> Int {
        guard let member = members.first(where: { $0.key == name }) else { throw PartDecodingStop() }
        return member.value
    }

    /// The single value of `key`.
    private func single(_ key: Key) throws -> PartSingleValueContainer {
        PartSingleValueContainer(input: input, start: try value(for: key), parentPath: path, step: .key(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try single(key).decodeNil() }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(Bool.self) }
    func decode(_: String.Type, forKey key: Key) throws -> String { try single(key).decode(String.self) }
    func decode(_: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(Double.self) }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(Float.self) }
    func decode(_: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(Int.self) }
    func decode(_: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(Int8.self) }
    func decode(_: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(Int16.self) }
    func decode(_: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(Int32.self) }
    func decode(_: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(Int64.self) }
    func decode(_: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(UInt.self) }
    func decode(_: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(UInt8.self) }
    func decode(_: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(UInt16.self) }
    func decode(_: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(UInt32.self) }
    func decode(_: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(UInt64.self) }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try input.decode(type, at: try value(for: key), codingPath: path + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(
            PartKeyedContainer<NestedKey>(
                input: input, members: try input.members(at: try value(for: key)), path: path + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        PartUnkeyedContainer(
            input: input, elements: try input.elements(at: try value(for: key)), codingPath: path + [key])
    }

    /// `JSONDecoder` gives a missing `super` member a `null` of its own; this reader stops there.
    func superDecoder() throws -> any Decoder {
        PartValueDecoder(input: input, start: try value(named: "super"), codingPath: path)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        PartValueDecoder(input: input, start: try value(for: key), codingPath: path + [key])
    }
}

/// The elements of an array, read in order.
struct PartUnkeyedContainer: UnkeyedDecodingContainer {
    let input: PartInput
    /// Where each element starts.
    let elements: [Int]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(input: PartInput, elements: [Int], codingPath: [any CodingKey]) {
        self.input = input
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element, as a single value; moves past it.
    private mutating func next() throws -> PartSingleValueContainer {
        guard currentIndex < elements.count else { throw PartDecodingStop() }
        defer { currentIndex += 1 }
        return PartSingleValueContainer(
            input: input, start: elements[currentIndex], parentPath: codingPath, step: .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count else { throw PartDecodingStop() }
        guard input.isNull(at: elements[currentIndex]) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try next().decode(Bool.self) }
    mutating func decode(_: String.Type) throws -> String { try next().decode(String.self) }
    mutating func decode(_: Double.Type) throws -> Double { try next().decode(Double.self) }
    mutating func decode(_: Float.Type) throws -> Float { try next().decode(Float.self) }
    mutating func decode(_: Int.Type) throws -> Int { try next().decode(Int.self) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try next().decode(Int8.self) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try next().decode(Int16.self) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try next().decode(Int32.self) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try next().decode(Int64.self) }
    mutating func decode(_: UInt.Type) throws -> UInt { try next().decode(UInt.self) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try next().decode(UInt8.self) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try next().decode(UInt16.self) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try next().decode(UInt32.self) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try next().decode(UInt64.self) }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try next().decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let element = try next()
        return KeyedDecodingContainer(
            PartKeyedContainer<NestedKey>(
                input: input, members: try input.members(at: element.start), path: element.codingPath))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = try next()
        return PartUnkeyedContainer(
            input: input, elements: try input.elements(at: element.start), codingPath: element.codingPath)
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = try next()
        return PartValueDecoder(input: input, start: element.start, codingPath: element.codingPath)
    }
}

/// The last step of a value's coding path: a member's key or an element's index.
enum PartPathStep {
    case key(any CodingKey)
    case index(Int)

    /// The step as a coding key.
    var key: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): PartIndexKey(intValue: index)
        }
    }
}

/// The key of an array element in a coding path: its index, named as `JSONDecoder` names it.
struct PartIndexKey: CodingKey {
    let intValue: Int?

    var stringValue: String { "Index \(intValue ?? 0)" }

    init?(stringValue: String) {
        return nil
    }

    init(intValue: Int) {
        self.intValue = intValue
    }
}
