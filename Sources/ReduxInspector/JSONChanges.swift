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
/// states' JSON: an object whose keys stay the same is walked key by key (a key that goes is set
/// to `null`, which a synthesised `Decodable` reads as nil); an object of one key that becomes
/// another (an enum case) is set whole; an array that keeps its length is walked element by
/// element, one that grows by appending gets its new elements (more than
/// ``appendedOneByOne`` of them: the whole array, written one element a line), any other is set
/// whole. The changes are checked before they are written: applied to the JSON of the state
/// before, they must give the JSON of the state after (which decodes back to it), or, where they
/// set a key that went to `null`, JSON that decodes to the state after; when they do not, the
/// whole state is set.
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
    /// a raw string.
    func statements(on root: String, indentation: Int) -> [[String]] {
        let margin = String(repeating: " ", count: indentation)
        return changes.map { change in
            let pointer = SwiftSource.stringLiteral(change.pointer)
            let hashes = SwiftSource.rawStringHashes(for: change.json)
            let oneLine = "try set(&\(root), \(pointer), \(hashes)\"\(change.json)\"\(hashes))"
            if indentation + oneLine.count <= SwiftSource.lineLength {
                return [margin + oneLine]
            }
            var lines = [margin + "try set(", margin + "    &\(root), \(pointer),"]
            let text = change.elements.map { "[\n" + $0.joined(separator: ",\n") + "\n]" } ?? Self.pretty(change.json)
            lines += SwiftSource.rawStringLines(text, indentation: indentation + 4)
            lines[lines.count - 1] += ")"
            return lines
        }
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

    /// The changes from `before` to `after`; nil when either is not `Codable` or its JSON does
    /// not decode back to it.
    ///
    /// - Parameters:
    ///   - before: The state before.
    ///   - after: The state after.
    ///   - cache: The JSON of the states met so far: a test's steps meet each state twice (after
    ///     one step, before the next).
    /// - Throws: ``InspectorError`` when the cache's ``JSONCache/limit`` is reached on the way.
    init?(from before: Any, to after: Any, cache: inout JSONCache) throws(InspectorError) {
        guard type(of: before) == type(of: after), let beforeJSON = try cache.object(before),
            let afterJSON = try cache.object(after)
        else { return nil }
        var changes: [(tokens: [String], value: Any)] = []
        let limit = cache.limit
        try Self.compare(beforeJSON, afterJSON, at: [], into: &changes, limit: limit)
        // Applied to the JSON before, the changes must give the JSON after, which decodes to the
        // state after (`SwiftSource.json` checked it); where a key went, they give it `null`, and
        // must then decode to the state after themselves. Else the whole state is set.
        var patched: Any? = beforeJSON
        for change in changes {
            try limit.check(Self.place)
            patched = patched.flatMap { try? Self.setting(change.value, at: change.tokens[...], in: $0) }
        }
        let setsNull = changes.contains { $0.value is NSNull }
        guard let patched, setsNull ? Self.decodes(patched, to: after) : Self.same(patched, afterJSON) else {
            self.changes = [Change(pointer: "", json: Self.text(afterJSON))]
            return
        }
        var written: [Change] = []
        for change in changes {
            try limit.check(Self.place)
            let pointer = Self.pointer(change.tokens)
            guard let array = change.value as? [Any], array.count > Self.appendedOneByOne else {
                written.append(Change(pointer: pointer, json: Self.text(change.value)))
                continue
            }
            var elements: [String] = []
            elements.reserveCapacity(array.count)
            for element in array {
                try limit.check(Self.place)
                elements.append(Self.text(element))
            }
            written.append(
                Change(pointer: pointer, json: "[" + elements.joined(separator: ",") + "]", elements: elements))
        }
        self.changes = written
    }

    /// Where a limit reached in this walk stopped the work, for its message.
    private static let place = "while comparing states"

    /// The generated file's `set` function: the same walk as `setting(_:at:in:)`.
    static let setFunction = [
        "/// Sets the value at a JSON Pointer (RFC 6901) in a value's JSON, as the inspector wrote a change:",
        "/// a last token `-` appends to an array; a `null` value makes an optional nil.",
        "private func set<Value: Codable>(_ value: inout Value, _ pointer: String, _ json: String) throws {",
        "    let new = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)",
        "    let tokens = pointer.split(separator: \"/\", omittingEmptySubsequences: false).dropFirst().map {",
        "        $0.replacingOccurrences(of: \"~1\", with: \"/\").replacingOccurrences(of: \"~0\", with: \"~\")",
        "    }",
        "    func setting(_ node: Any, _ tokens: ArraySlice<String>) throws -> Any {",
        "        guard let token = tokens.first else { return new }",
        "        if var array = node as? [Any] {",
        "            if token == \"-\", tokens.count == 1 {",
        "                return array + [new]",
        "            }",
        "            guard let index = Int(token), array.indices.contains(index) else {",
        "                throw NoSuchPointer(pointer: pointer)",
        "            }",
        "            array[index] = try setting(array[index], tokens.dropFirst())",
        "            return array",
        "        }",
        "        guard var object = node as? [String: Any] else { throw NoSuchPointer(pointer: pointer) }",
        "        object[token] = try setting(object[token] ?? NSNull(), tokens.dropFirst())",
        "        return object",
        "    }",
        "    let old = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value), options: .fragmentsAllowed)",
        "    let data = try JSONSerialization.data(withJSONObject: setting(old, tokens[...]), options: .fragmentsAllowed)",
        "    value = try JSONDecoder().decode(Value.self, from: data)",
        "}",
        "",
        "/// A JSON Pointer that leads nowhere in the value it was applied to.",
        "private struct NoSuchPointer: Error {",
        "    let pointer: String",
        "}",
    ]

    /// Appends the changes that make `old` into `new`, found where `tokens` leads.
    private static func compare(
        _ old: Any, _ new: Any, at tokens: [String], into changes: inout [(tokens: [String], value: Any)],
        limit: WorkLimit
    ) throws(InspectorError) {
        try limit.check(place)
        if let old = old as? [String: Any], let new = new as? [String: Any] {
            let sameKeys = Set(old.keys) == Set(new.keys)
            // One key that becomes another: an enum case that became another one; set it whole.
            guard sameKeys || (old.count != 1 || new.count != 1) else {
                changes.append((tokens, new))
                return
            }
            for key in Set(old.keys).union(new.keys).sorted() {
                switch (old[key], new[key]) {
                case (let before?, let after?):
                    try compare(before, after, at: tokens + [key], into: &changes, limit: limit)
                case (nil, let after?): changes.append((tokens + [key], after))
                case (_?, nil): changes.append((tokens + [key], NSNull()))
                case (nil, nil): break
                }
            }
            return
        }
        if let old = old as? [Any], let new = new as? [Any] {
            if old.count == new.count {
                for index in old.indices {
                    try compare(old[index], new[index], at: tokens + [String(index)], into: &changes, limit: limit)
                }
                return
            }
            if new.count > old.count, zip(old, new).allSatisfy({ same($0.0, $0.1) }) {
                guard new.count - old.count <= appendedOneByOne else {
                    changes.append((tokens, new))
                    return
                }
                for element in new[old.count...] {
                    changes.append((tokens + ["-"], element))
                }
                return
            }
        }
        if !same(old, new) {
            changes.append((tokens, new))
        }
    }

    /// Whether two `JSONSerialization` values are the same, compared as JSON (numbers by value,
    /// objects by their keys).
    static func same(_ one: Any, _ other: Any) -> Bool {
        switch (one, other) {
        case (let one as [String: Any], let other as [String: Any]):
            return one.count == other.count
                && one.allSatisfy { key, value in other[key].map { same(value, $0) } ?? false }
        case (let one as [Any], let other as [Any]):
            return one.count == other.count && zip(one, other).allSatisfy { same($0.0, $0.1) }
        case (let one as String, let other as String):
            return one == other
        case (is NSNull, is NSNull):
            return true
        case (let one as NSNumber, let other as NSNumber):
            return one == other
        default:
            return false
        }
    }

    /// Whether JSON decodes to a value, as the generated `set` decodes what it set: a key set to
    /// `null` reads as nil where the value's `Decodable` takes it so.
    private static func decodes(_ json: Any, to value: Any) -> Bool {
        guard let type = type(of: value) as? any Decodable.Type,
            let data = try? JSONSerialization.data(withJSONObject: json, options: .fragmentsAllowed),
            let decoded = try? JSONDecoder().decode(type, from: data)
        else { return false }
        return StateDiff.areEqual(decoded, value) || StateDiff(expected: value, actual: decoded as Any).isEmpty
    }

    /// A JSON value on one line, keys sorted, every character Swift source could hide code with
    /// escaped.
    static func text(_ value: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: options) else { return "null" }
        return SwiftSource.escapingHiddenCharacters(inJSON: String(decoding: data, as: UTF8.self))
    }

    /// A JSON Pointer from its tokens: `~` written `~0`, `/` written `~1`.
    private static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined()
    }

    /// A pointer that leads nowhere in the JSON it is applied to.
    private struct NoSuchPointer: Error {}

    /// `node` with `new` set where `tokens` lead: the generated `set`'s walk.
    private static func setting(_ new: Any, at tokens: ArraySlice<String>, in node: Any) throws -> Any {
        guard let token = tokens.first else { return new }
        if var array = node as? [Any] {
            if token == "-", tokens.count == 1 {
                return array + [new]
            }
            guard let index = Int(token), array.indices.contains(index) else { throw NoSuchPointer() }
            array[index] = try setting(new, at: tokens.dropFirst(), in: array[index])
            return array
        }
        guard var object = node as? [String: Any] else { throw NoSuchPointer() }
        object[token] = try setting(new, at: tokens.dropFirst(), in: object[token] ?? NSNull())
        return object
    }
}

/// The JSON of the states a test's steps meet, as `JSONSerialization` values: each state is
/// encoded and checked once, though a test meets it twice (after one step, before the next).
struct JSONCache {
    private var last: (value: Any, json: Any)?
    /// When the test being written must stop: checked by every walk the cache is given to.
    var limit = WorkLimit.none

    /// A value's JSON, when it is `Codable` and its JSON decodes back to it.
    ///
    /// - Throws: ``InspectorError`` when ``limit`` is reached before the value is encoded.
    mutating func object(_ value: Any) throws(InspectorError) -> Any? {
        if let last, StateDiff.areEqual(last.value, value) {
            return last.json
        }
        try limit.check("while encoding a state")
        guard let data = SwiftSource.jsonData(value, formatting: [.withoutEscapingSlashes]),
            let json = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        else { return nil }
        last = (value, json)
        return json
    }
}
