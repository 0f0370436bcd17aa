import Foundation
import ReduxTimeTravel

/// The statements that change one state into another, as a generated test writes them in a
/// `send` or `receive` closure.
///
/// A `Codable` state's changes are set in its JSON at JSON Pointers (``JSONChanges``):
/// `try set(&$0, "/game/phase", #"{"awaitingPlayer1":{}}"#)`, which compiles whatever the
/// state's properties allow. Any other state is changed field by field: `$0.counter.total = 3`,
/// `$0.catalog.found.append(10)`, and, for a value no literal spells,
/// `$0.scoreHistory = try decoded(ScoreHistory.self, …)` with the value's JSON.
///
/// The walk goes down the stored properties of structs (as `StateDiff` does) while a changed
/// value is not a literal, but not into a `Codable` struct whose JSON keys are not its stored
/// properties: such a type (ScoreHistory writes only its rounds) keeps fields of its own, often
/// `private(set)`, that a test cannot assign; the whole value is written as JSON instead. A line
/// that would be longer than ``SwiftSource/lineLength`` is written as JSON too, when it can be.
struct StateAssignments {
    /// The statements, each as its lines, indented by ``indentation`` spaces.
    private(set) var statements: [[String]] = []
    /// Whether a statement decodes JSON (the generated file needs its `decoded` function).
    private(set) var decodesJSON = false
    /// Whether a statement sets JSON at a pointer (the generated file needs its `set` function).
    private(set) var setsJSON = false
    /// The first place no statement could be written for: its value is neither a literal nor a
    /// `Codable` value whose JSON decodes back to it.
    private(set) var unwritable: String?
    private let indentation: Int
    private let limit: WorkLimit

    /// The statements that change `before` into `after`, on a root named `root` (`$0`, `state`).
    ///
    /// - Parameters:
    ///   - before: The state before.
    ///   - after: The state after.
    ///   - root: How the statements name the root.
    ///   - indentation: How many spaces each statement's lines start with.
    ///   - limit: When the work must stop, checked inside every walk of the states.
    /// - Throws: ``InspectorError`` when `limit` is reached on the way.
    init(from before: Any, to after: Any, root: String, indentation: Int, limit: WorkLimit) throws(InspectorError) {
        self.indentation = indentation
        self.limit = limit
        if let changes = try JSONChanges(from: before, to: after, limit: limit) {
            statements = try changes.statements(on: root, indentation: indentation, limit: limit)
            setsJSON = !statements.isEmpty
            return
        }
        if try !write(before, after, at: root, depth: 0) {
            unwritable = unwritable ?? root
        }
    }

    /// Appends the statements that change `before` into `after` at `path`; false when they
    /// cannot be written (the caller writes a larger value instead).
    private mutating func write(_ before: Any, _ after: Any, at path: String, depth: Int) throws(InspectorError) -> Bool
    {
        try limit.check("while writing \(path)")
        // `==` says it for an `Equatable` value, without walking it.
        if StateDiff.areEqual(before, after)
            || (!(before is any Equatable) && StateDiff(expected: before, actual: after).isEmpty)
        {
            return true
        }
        if let appending = try appended(before, after, at: path) {
            add(appending)
            return true
        }
        if let entries = changedEntries(before, after, at: path) {
            entries.forEach { add($0) }
            return true
        }
        let literal = SwiftSource.literal(after).map { "\(path) = \($0)" }
        if let literal, fits(literal) {
            add(literal)
            return true
        }
        // Both present: the optional's fields are assigned through `?.`.
        let (before, after, member) =
            switch (Self.wrapped(before), Self.wrapped(after)) {
            case (let old?, let new?): (old, new, "?.")
            case (_, let new?): (before, new, ".")
            default: (before, after, ".")
            }
        if depth < 24, let fields = Self.openFields(before, after) {
            var attempt = self
            var written = true
            for field in fields where written {
                written = try attempt.write(
                    field.before, field.after, at: path + member + field.label, depth: depth + 1)
            }
            if written {
                self = attempt
                return true
            }
            unwritable = unwritable ?? attempt.unwritable
        }
        if let json = SwiftSource.json(after), let typeName = SwiftSource.typeName(type(of: after)) {
            statements.append(Self.decoding(json, as: typeName, into: path, indentation: indentation))
            decodesJSON = true
            return true
        }
        if let literal {
            add(literal)
            return true
        }
        unwritable = unwritable ?? path
        return false
    }

    /// `path = try decoded(Type.self, json)`, the JSON in a raw string, as lines.
    ///
    /// - Parameters:
    ///   - json: The value's JSON.
    ///   - typeName: Its type, as the test names it.
    ///   - path: What is assigned the value (`$0.user`, `let action4`).
    ///   - indentation: How many spaces the lines start with.
    /// - Returns: The lines.
    static func decoding(_ json: String, as typeName: String, into path: String, indentation: Int) -> [String] {
        let margin = String(repeating: " ", count: indentation)
        var lines = [margin + path + " = try decoded(", margin + "    " + typeName + ".self,"]
        lines += SwiftSource.rawStringLines(
            SwiftSource.escapingHiddenCharacters(inJSON: json), indentation: indentation + 4)
        lines[lines.count - 1] += ")"
        return lines
    }

    /// Appends a one-line statement.
    private mutating func add(_ statement: String) {
        statements.append([String(repeating: " ", count: indentation) + statement])
    }

    /// The value an optional holds; nil for nil or a value that is not an optional.
    private static func wrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else { return nil }
        return Self.wrapped(wrapped) ?? wrapped
    }

    /// Whether a one-line statement fits in a line once indented.
    private func fits(_ statement: String) -> Bool {
        indentation + statement.count <= SwiftSource.lineLength
    }

    /// `path.append(x)` or `path += [x, y]` when `after` is the array `before` with literals
    /// appended (found with the elements' `==` when they are `Equatable`, ``ArrayElements``).
    private func appended(_ before: Any, _ after: Any, at path: String) throws(InspectorError) -> String? {
        guard type(of: before) == type(of: after), let old = ArrayElements(before), let new = ArrayElements(after),
            new.count > old.count, try old.differingIndices(from: new, limit: limit).allSatisfy({ $0 >= old.count })
        else { return nil }
        let added = (old.count..<new.count).map { SwiftSource.literal(new.element(at: $0)) }
        guard !added.contains(nil) else { return nil }
        let literals = added.compactMap { $0 }
        let statement =
            literals.count == 1
            ? "\(path).append(\(literals[0]))" : "\(path) += [\(literals.joined(separator: ", "))]"
        return fits(statement) ? statement : nil
    }

    /// `path[key] = value` for each key whose value changed, when `before` and `after` are
    /// dictionaries whose keys and changed values are literals.
    private func changedEntries(_ before: Any, _ after: Any, at path: String) -> [String]? {
        guard String(reflecting: type(of: after)).hasPrefix("Swift.Dictionary<"), type(of: before) == type(of: after),
            let old = Self.entries(of: before), let new = Self.entries(of: after)
        else { return nil }
        var statements: [String] = []
        for key in Set(old.keys).union(new.keys).sorted() {
            if let oldValue = old[key], let newValue = new[key], StateDiff(expected: oldValue, actual: newValue).isEmpty
            {
                continue
            }
            guard let value = new[key].map(SwiftSource.literal) ?? "nil" else { return nil }
            let statement = "\(path)[\(key)] = \(value)"
            guard fits(statement) else { return nil }
            statements.append(statement)
        }
        return statements
    }

    /// A dictionary's values by the literals of their keys; nil when a key is not a literal.
    private static func entries(of dictionary: Any) -> [String: Any]? {
        var entries: [String: Any] = [:]
        for pair in Mirror(reflecting: dictionary).children {
            let parts = Array(Mirror(reflecting: pair.value).children)
            guard parts.count == 2, let key = SwiftSource.literal(parts[0].value) else { return nil }
            entries[key] = parts[1].value
        }
        return entries
    }

    /// The stored properties of two values of the same struct type, when a test can assign them
    /// one by one: the type is not `Codable`, or its JSON keys are its stored properties (those
    /// left out being nil).
    private static func openFields(_ before: Any, _ after: Any) -> [(label: String, before: Any, after: Any)]? {
        let beforeMirror = Mirror(reflecting: before)
        let afterMirror = Mirror(reflecting: after)
        guard type(of: before) == type(of: after), afterMirror.displayStyle == .struct,
            beforeMirror.displayStyle == .struct, !(after is any CustomReflectable)
        else { return nil }
        let old = ValueDescription.children(of: beforeMirror)
        let new = ValueDescription.children(of: afterMirror)
        var fields: [(label: String, before: Any, after: Any)] = []
        for (oldField, newField) in zip(old, new) {
            guard let label = newField.label, label == oldField.label, SwiftSource.isIdentifier(label),
                !label.hasPrefix("_")
            else { return nil }
            fields.append((label, oldField.value, newField.value))
        }
        guard !fields.isEmpty, old.count == new.count else { return nil }
        guard let encodable = after as? any Encodable else { return fields }
        guard let data = try? JSONEncoder().encode(encodable),
            let keys = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        let labels = Set(fields.map(\.label))
        let leftOut = fields.filter { keys[$0.label] == nil }
        guard Set(keys.keys).isSubset(of: labels),
            leftOut.allSatisfy({
                let mirror = Mirror(reflecting: $0.after)
                return mirror.displayStyle == .optional && mirror.children.isEmpty
            })
        else { return nil }
        return fields
    }
}
