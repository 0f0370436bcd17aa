import Foundation
import ReduxTimeTravel

/// The change from one `Codable` state to another as the JSON values set at JSON Pointers
/// (RFC 6901), which a generated test applies with its `set` function:
/// `try set(&$0, "/game/phase", #"{"awaitingPlayer2":{"player1":"paper"}}"#)`; a pointer ending in
/// `/-` appends to an array.
///
/// A test can always apply such a change, whatever the state's properties allow (a
/// `private(set)` field, a type that keeps fields of its own), and it says what changed, not the
/// whole state: an appended round is one element, not the history. The changes are found on the
/// states themselves, down the parts that differ and nowhere else, so finding them costs what
/// changed, not the state: parts that are `==` are passed by; a struct is walked by the fields
/// its `Encodable` writes (``EncodedFields``), when each is its stored property of that name (a
/// field that goes is set to `null`); a dictionary with `String` or `Int` keys entry by entry;
/// an array that keeps its length element by element (its `==` finds the elements that differ),
/// one that grows by appending gets its new elements (more than ``appendedOneByOne`` of them:
/// the whole array, written one element a line); anything else (an enum, a value written as one)
/// is set whole. Only the values set are encoded.
///
/// The generated `set` makes again only the values a pointer goes through, from their old parts
/// (a struct by its `Decodable`, with the fields not on the way read from the old value by name;
/// an array's or a dictionary's element in place), so a test runs in time that grows with what
/// each step changed. The changes are checked before they are written: applied to the state
/// before with that same code (``applying(_:to:elements:)``), they must give the state after;
/// when they do not, the whole state is set, if its JSON decodes back to it.
struct JSONChanges {
    /// One change: the pointer and the value's JSON, on one line; for a long array, its
    /// elements' JSON, each on one line.
    struct Change: Equatable {
        var pointer: String
        var json: String
        var elements: [String]?
    }

    /// How many elements appended at once are set one by one; more are written as the whole
    /// array, one element a line: a state with a long history starts from one statement whose
    /// size grows with the elements, and is checked in time linear in them.
    static let appendedOneByOne = 3

    /// The changes, in the order they apply.
    let changes: [Change]

    /// The statements that apply the changes to `root` (`$0`, `state`), each as its lines,
    /// indented by `indentation` spaces: one line when it fits, else the value pretty-printed in
    /// a raw string (a long array one element a line).
    ///
    /// - Throws: ``InspectorError`` when `limit` is reached, checked at every element written.
    func statements(on root: String, indentation: Int, limit: WorkLimit) throws(InspectorError) -> [[String]] {
        let margin = String(repeating: " ", count: indentation)
        var statements: [[String]] = []
        for change in changes {
            try limit.check(Self.place)
            let pointer = SwiftSource.stringLiteral(change.pointer)
            // A JSON of more bytes than four lines hold cannot fit on one line.
            if change.json.utf8.count <= 4 * SwiftSource.lineLength {
                let hashes = SwiftSource.rawStringHashes(for: change.json)
                let oneLine = "try set(&\(root), \(pointer), \(hashes)\"\(change.json)\"\(hashes))"
                if indentation + oneLine.count <= SwiftSource.lineLength {
                    statements.append([margin + oneLine])
                    continue
                }
            }
            var lines = [margin + "try set(", margin + "    &\(root), \(pointer),"]
            if let elements = change.elements {
                lines += try Self.rawStringLines(ofElements: elements, indentation: indentation + 4, limit: limit)
            } else {
                lines += SwiftSource.rawStringLines(Self.pretty(change.json), indentation: indentation + 4)
            }
            lines[lines.count - 1] += ")"
            statements.append(lines)
        }
        return statements
    }

    /// The lines of ``SwiftSource/rawStringLines(_:indentation:)`` for an array one element a
    /// line, written element by element, checking `limit` at each.
    private static func rawStringLines(
        ofElements elements: [String], indentation: Int, limit: WorkLimit
    ) throws(InspectorError) -> [String] {
        var longestRun = 0
        for element in elements {
            try limit.check(place)
            longestRun = max(longestRun, SwiftSource.longestRunOfHashes(in: element))
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        let margin = String(repeating: " ", count: indentation)
        var lines = [margin + hashes + "\"\"\""]
        lines += SwiftSource.rawStringLines(ofLine: "[", indentation: indentation, hashes: hashes)
        for (index, element) in elements.enumerated() {
            try limit.check(place)
            let line = index == elements.count - 1 ? element : element + ","
            lines += SwiftSource.rawStringLines(ofLine: line[...], indentation: indentation, hashes: hashes)
        }
        lines += SwiftSource.rawStringLines(ofLine: "]", indentation: indentation, hashes: hashes)
        lines.append(margin + "\"\"\"" + hashes)
        return lines
    }

    /// One-line JSON pretty-printed, keys sorted, hidden characters escaped.
    private static func pretty(_ json: String) -> String {
        guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed),
            let data = try? JSONSerialization.data(
                withJSONObject: value,
                options: [.prettyPrinted, .sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return json }
        return SwiftSource.escapingHiddenCharacters(inJSON: String(decoding: data, as: UTF8.self))
    }

    /// The changes from `before` to `after`; nil when either is not `Codable`, or when neither
    /// the changes nor the whole state, as JSON, give `after` again.
    ///
    /// - Parameters:
    ///   - before: The state before.
    ///   - after: The state after.
    ///   - limit: When the work must stop, checked at every part walked, encoded or checked.
    /// - Throws: ``InspectorError`` when `limit` is reached on the way.
    /// - Complexity: O(*c*) in the parts that differ and the values set, plus `==` on the parts
    ///   passed by and the `Decodable` of the values a change goes through.
    init?(from before: Any, to after: Any, limit: WorkLimit) throws(InspectorError) {
        guard type(of: before) == type(of: after), let start = before as? any Decodable, before is any Encodable
        else { return nil }
        var found: [Found] = []
        try Self.compare(before, after, at: [], into: &found, limit: limit)
        if let changes = try Self.written(found, from: start, to: after, limit: limit) {
            self.changes = changes
            return
        }
        guard let whole = try Self.written([Found(tokens: [], value: after)], from: start, to: after, limit: limit)
        else { return nil }
        changes = whole
    }

    /// A part that changed: where, and its value after.
    private struct Found {
        var tokens: [String]
        var value: Any
    }

    /// Where a limit reached in this walk stopped the work, for its message.
    private static let place = "while comparing states"

    /// The changes as written, each applied to `start` as the generated test applies it; nil
    /// when a value has no JSON or the changes do not give `after`.
    private static func written<Start: Decodable>(
        _ found: [Found], from start: Start, to after: Any, limit: WorkLimit
    ) throws(InspectorError) -> [Change]? {
        var changes: [Change] = []
        var state = start
        for part in found {
            try limit.check(place)
            let pointer = Self.pointer(part.tokens)
            if let array = ArrayElements(part.value), array.count > appendedOneByOne {
                var elements: [String] = []
                elements.reserveCapacity(array.count)
                for index in 0..<array.count {
                    try limit.check(place)
                    guard let json = text(array.element(at: index)) else { return nil }
                    elements.append(json)
                }
                guard try decodes(elements, to: array, limit: limit) else { return nil }
                let json = "[" + elements.joined(separator: ",") + "]"
                let change = Change(pointer: pointer, json: json, elements: elements)
                guard let changed = applying(change, to: state, elements: part.value) else { return nil }
                state = changed
                changes.append(change)
                continue
            }
            guard let json = text(part.value) else { return nil }
            let change = Change(pointer: pointer, json: json)
            guard let changed = applying(change, to: state) else { return nil }
            state = changed
            changes.append(change)
        }
        try limit.check(place)
        return isSame(state, after) ? changes : nil
    }

    /// Appends the changes that make `old` into `new`, found where `tokens` lead.
    private static func compare(
        _ old: Any, _ new: Any, at tokens: [String], into found: inout [Found], limit: WorkLimit
    ) throws(InspectorError) {
        try limit.check(place)
        if StateDiff.areEqual(old, new) {
            return
        }
        guard type(of: old) == type(of: new) else {
            found.append(Found(tokens: tokens, value: new))
            return
        }
        if let oldArray = ArrayElements(old), let newArray = ArrayElements(new) {
            try compare(oldArray, newArray, at: tokens, into: &found, limit: limit)
            return
        }
        // A dictionary of `Equatable` values: only the entries that differ, without `Mirror`.
        if let entries = equatableEntries(old)?.differingEntries(from: new) {
            try compare(entries.mine, entries.theirs, at: tokens, into: &found, limit: limit)
            return
        }
        if let oldFields = entries(of: old) ?? fields(of: old), let newFields = entries(of: new) ?? fields(of: new) {
            try compare(oldFields, newFields, at: tokens, into: &found, limit: limit)
            return
        }
        // A value compared whole: one that is not `Equatable` may still be the same.
        if !(old is any Equatable), StateDiff(expected: old, actual: new).isEmpty {
            return
        }
        found.append(Found(tokens: tokens, value: new))
    }

    /// Appends the changes that make the fields or entries of an object into others, by key: a
    /// key that goes is set to `null`.
    private static func compare(
        _ old: [(key: String, value: Any)], _ new: [(key: String, value: Any)], at tokens: [String],
        into found: inout [Found], limit: WorkLimit
    ) throws(InspectorError) {
        let newByKey = Dictionary(new, uniquingKeysWith: { _, last in last })
        let oldByKey = Dictionary(old, uniquingKeysWith: { _, last in last })
        for key in Set(oldByKey.keys).union(newByKey.keys).sorted() {
            switch (oldByKey[key], newByKey[key]) {
            case (let before?, let after?):
                try compare(before, after, at: tokens + [key], into: &found, limit: limit)
            case (nil, let after?): found.append(Found(tokens: tokens + [key], value: after))
            case (_?, nil): found.append(Found(tokens: tokens + [key], value: NSNull()))
            case (nil, nil): break
            }
        }
    }

    /// Appends the changes that make one array into another: its elements that differ, when it
    /// keeps its length; the elements appended, when it grows by appending; else the array.
    private static func compare(
        _ old: ArrayElements, _ new: ArrayElements, at tokens: [String], into found: inout [Found],
        limit: WorkLimit
    ) throws(InspectorError) {
        let differing = try old.differingIndices(from: new, limit: limit)
        if old.count == new.count {
            for index in differing {
                try compare(
                    old.element(at: index), new.element(at: index), at: tokens + [String(index)], into: &found,
                    limit: limit)
            }
            return
        }
        let added = new.count - old.count
        if added > 0, differing.allSatisfy({ $0 >= old.count }), added <= appendedOneByOne {
            for index in old.count..<new.count {
                found.append(Found(tokens: tokens + ["-"], value: new.element(at: index)))
            }
            return
        }
        found.append(Found(tokens: tokens, value: new.value))
    }

    /// A dictionary's entries by their keys' text, when its keys are `String` or `Int` (which
    /// JSON writes as object keys, and the generated `set` reads back); nil for any other value.
    private static func entries(of value: Any) -> [(key: String, value: Any)]? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .dictionary, value is any Encodable else { return nil }
        var entries: [(key: String, value: Any)] = []
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { return nil }
            switch pair[0].value {
            case let key as String: entries.append((key, pair[1].value))
            case let key as Int: entries.append((String(key), pair[1].value))
            default: return nil
            }
        }
        return entries
    }

    /// The fields a struct's `Encodable` writes, when each is the struct's stored property of
    /// that name, which the generated `set` reads from the old value; nil otherwise (the struct
    /// is then set whole).
    private static func fields(of value: Any) -> [(key: String, value: Any)]? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct, let encoded = EncodedFields(of: value) else { return nil }
        var stored: [String: Any] = [:]
        for child in mirror.children {
            if let label = child.label {
                stored[label] = child.value
            }
        }
        for field in encoded.fields {
            guard let property = stored[field.key], isSameValue(property, field.value) else { return nil }
        }
        return encoded.fields
    }

    /// Whether a stored property holds what was encoded under its name: equal by `==`, an
    /// optional's value and that value, or nil and `null`.
    private static func isSameValue(_ property: Any, _ encoded: Any) -> Bool {
        if StateDiff.areEqual(property, encoded) {
            return true
        }
        switch (unwrapped(property), encoded is NSNull ? nil : unwrapped(encoded)) {
        case (nil, nil): return true
        case (let property?, let encoded?): return StateDiff.areEqual(property, encoded)
        default: return false
        }
    }

    /// The value an optional holds (nil for none), or the value itself.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    /// Whether two states are the same: by `==`, else field by field.
    private static func isSame(_ one: Any, _ other: Any) -> Bool {
        StateDiff.areEqual(one, other) || (!(one is any Equatable) && StateDiff(expected: other, actual: one).isEmpty)
    }

    /// Whether the JSON of an array's elements decodes to its elements, checked a thousand
    /// elements at a time (as arrays of its type), checking `limit` before each thousand.
    private static func decodes(
        _ elements: [String], to array: ArrayElements, limit: WorkLimit
    ) throws(InspectorError) -> Bool {
        guard let type = type(of: array.value) as? any Decodable.Type else { return false }
        for start in stride(from: 0, to: elements.count, by: 1_000) {
            try limit.check(place)
            let end = min(elements.count, start + 1_000)
            let json = "[" + elements[start..<end].joined(separator: ",") + "]"
            guard let decoded = (try? JSONDecoder().decode(type, from: Data(json.utf8))).flatMap(ArrayElements.init),
                decoded.count == end - start,
                (start..<end).allSatisfy({ isSame(decoded.element(at: $0 - start), array.element(at: $0)) })
            else { return false }
        }
        return true
    }

    /// A value's JSON on one line, keys sorted, every character Swift source could hide code with
    /// escaped; nil when it has none.
    static func text(_ value: Any) -> String? {
        guard !(value is NSNull), let value = unwrapped(value) else { return "null" }
        guard let encodable = value as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(encodable) else { return nil }
        return SwiftSource.escapingHiddenCharacters(inJSON: String(decoding: data, as: UTF8.self))
    }

    /// A JSON Pointer from its tokens: `~` written `~0`, `/` written `~1`.
    private static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    /// The generated file's `set` function and the types it needs (the code between the markers
    /// of PointerSetting.swift, which the generator applies its changes with), as lines.
    static let setFunction = #"""
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
        """#.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}
