internal import ReduxShared

/// Writes any value on one short line for a failure message: strings quoted, enum cases as
/// `.case`, structs as `TypeName(field: value)`, collections in brackets.
///
/// It reads values through `Mirror`, so it needs no conformance from the user's types; a type's
/// own `debugDescription` or `description` wins over the structural form.
package enum ValueDescription {
    /// Longer descriptions are cut here and end in "…".
    package static let maximumLength = 160
    /// Nesting deeper than this is written as "…".
    package static let maximumDepth = 12

    /// Describes a value on one line, cut to ``maximumLength`` characters.
    ///
    /// - Parameter value: Any value.
    /// - Returns: The description.
    package static func of(_ value: Any) -> String {
        cut(describe(value, depth: 0))
    }

    /// Describes an action as a test writes it: a struct as ``of(_:)`` does (`AddRecipe(day: .monday)`),
    /// an enum's case with its type (`CatalogAction.search("pasta")`, not `.search("pasta")`), cut
    /// to ``maximumLength`` characters.
    ///
    /// - Parameter action: An action.
    /// - Returns: The description.
    package static func action(_ action: Any) -> String {
        let text = describe(action, depth: 0)
        let isCase = text.hasPrefix(".") && Mirror(reflecting: action).displayStyle == .enum
        return cut(isCase ? name(of: type(of: action)) + text : text)
    }

    /// A description cut to about ``maximumLength`` characters: whole when it fits; else cut after
    /// the last whole field or element that fits, with "…" for the rest and its brackets closed
    /// (`Plan(meals: [Meal(name: "Pasta"), …])`), never inside a value; each bracket around the
    /// cut that held more after it says so too (`[Meal(name: "Pasta", …), …]`). A value with no
    /// field boundary that fits (one long string) is cut with its quote and brackets closed.
    static func cut(_ text: String) -> String {
        guard text.count > maximumLength else { return text }
        let characters = Array(text)
        // Openers outside string literals, and where a field could end: before ", " at any depth.
        var openers: [Character] = []
        var boundary: (end: Int, openers: [Character])?
        let (end, inString) = walk(characters, from: 0, until: maximumLength - 6) { index, character in
            switch character {
            case "(", "[": openers.append(character)
            case ")", "]": _ = openers.popLast()
            case "," where !openers.isEmpty: boundary = (index, openers)
            default: break
            }
            return true
        }
        guard let boundary else {
            return String(characters[..<end]) + "…" + (inString ? "\"" : "") + closers(of: openers, more: nil)
        }
        let more = fieldsAfter(boundary.end, in: characters, depth: boundary.openers.count)
        return String(characters[..<boundary.end]) + ", …" + closers(of: boundary.openers, more: more)
    }

    /// The brackets that close `openers`, innermost first, each preceded by ", …" when the
    /// bracket it closes into held more fields after it (`more`, by depth).
    private static func closers(of openers: [Character], more: [Bool]?) -> String {
        var text = ""
        for depth in openers.indices.reversed() {
            if depth < openers.count - 1, more?[depth] == true { text += ", …" }
            text += openers[depth] == "(" ? ")" : "]"
        }
        return text
    }

    /// For each depth of the brackets open at `start`, whether a field boundary of that depth comes
    /// after `start`: whether a cut there leaves out more of that bracket's fields.
    private static func fieldsAfter(_ start: Int, in characters: [Character], depth open: Int) -> [Bool] {
        var more = Array(repeating: false, count: open)
        var depth = open
        _ = walk(characters, from: start + 1, until: characters.count) { _, character in
            switch character {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "," where depth <= open: more[depth - 1] = true
            default: break
            }
            return depth > 0
        }
        return more
    }

    /// Walks a description from `start`, passing over string literals (their escapes included),
    /// and hands each character outside them to `visit`, until `visit` returns false or `limit`
    /// (or the end) is reached.
    ///
    /// - Returns: Where the walk stopped, and whether it stopped inside a string literal.
    private static func walk(
        _ characters: [Character], from start: Int, until limit: Int, _ visit: (Int, Character) -> Bool
    ) -> (end: Int, inString: Bool) {
        var inString = false
        var index = start
        while index < characters.count && index < limit {
            let character = characters[index]
            if inString {
                if character == "\\" {
                    index += 1
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if !visit(index, character) {
                return (index + 1, false)
            }
            index += 1
        }
        return (min(index, characters.count), inString)
    }

    /// The name of a type as a test reader expects it: `UserState`, `Box<Int>`. The runtime writes
    /// an existential such as `any ResetAction` as `ResetAction`.
    ///
    /// - Parameter type: Any type.
    /// - Returns: Its name, without module prefix.
    package static func name(of type: Any.Type) -> String {
        String(describing: type)
    }

    /// The name of a reducer for messages: its type, or, for a closure registered with
    /// `addAsyncReduceFunction`, `the async reduce function of LoadTodos on Workspace`.
    ///
    /// - Parameter type: The reducer's type.
    /// - Returns: The name.
    package static func reducerName(of type: Any.Type) -> String {
        // Spelled as a test writes it first: one place knows the registered type's own name.
        let name = publicReducerName(name(of: type))
        let prefix = "AsyncReduceFunction<"
        guard name.hasPrefix(prefix), name.hasSuffix(">") else { return name }
        let arguments = name.dropFirst(prefix.count).dropLast()
        // The comma between the two arguments is the one outside any nested generic argument list.
        var depth = 0
        for index in arguments.indices {
            switch arguments[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0:
                let action = arguments[..<index]
                let state = arguments[arguments.index(after: index)...].drop { $0 == " " }
                return "the async reduce function of \(action) on \(state)"
            default: break
            }
        }
        return name
    }

    private static func describe(_ value: Any, depth: Int) -> String {
        guard depth < maximumDepth else { return "…" }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped, depth: depth)
        case .collection:
            return "[" + elements(of: mirror, depth: depth).joined(separator: ", ") + "]"
        case .set:
            return "Set([" + elements(of: mirror, depth: depth).sorted().joined(separator: ", ") + "])"
        case .dictionary:
            let pairs = mirror.children.map { pair in describePair(pair.value, depth: depth + 1) }.sorted()
            return pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]"
        case .tuple:
            return "(" + fields(of: mirror, depth: depth).joined(separator: ", ") + ")"
        default:
            return describeScalarOrRecord(value, mirror: mirror, depth: depth)
        }
    }

    private static func describeScalarOrRecord(_ value: Any, mirror: Mirror, depth: Int) -> String {
        if let custom = value as? any CustomDebugStringConvertible {
            return custom.debugDescription
        }
        if let custom = value as? any CustomStringConvertible {
            return custom.description
        }
        switch mirror.displayStyle {
        case .enum:
            return describeEnumCase(value, mirror: mirror, depth: depth)
        case .struct, .class:
            let allFields = fields(of: mirror, depth: depth)
            return name(of: type(of: value)) + "(" + allFields.joined(separator: ", ") + ")"
        default:
            return String(describing: value)
        }
    }

    /// The name of an enum case, from its payload's label or, without payload, its description.
    ///
    /// - Parameters:
    ///   - value: An enum value.
    ///   - mirror: Its mirror.
    /// - Returns: For example `.two` or `.loaded("Ann")`.
    private static func describeEnumCase(_ value: Any, mirror: Mirror, depth: Int) -> String {
        guard let payload = mirror.children.first, let caseName = payload.label else {
            return "." + String(describing: value)
        }
        let payloadMirror = Mirror(reflecting: payload.value)
        if payloadMirror.displayStyle == .tuple {
            return "." + caseName + "(" + fields(of: payloadMirror, depth: depth).joined(separator: ", ") + ")"
        }
        return "." + caseName + "(" + describe(payload.value, depth: depth + 1) + ")"
    }

    private static func elements(of mirror: Mirror, depth: Int) -> [String] {
        mirror.children.map { describe($0.value, depth: depth + 1) }
    }

    /// The children of a record as `label: value`, or just `value` for unlabelled tuple members.
    private static func fields(of mirror: Mirror, depth: Int) -> [String] {
        Self.children(of: mirror).map { child in
            let text = describe(child.value, depth: depth + 1)
            guard let label = child.label, !label.hasPrefix(".") else { return text }
            return label + ": " + text
        }
    }

    private static func describePair(_ pair: Any, depth: Int) -> String {
        let parts = Mirror(reflecting: pair).children.map { describe($0.value, depth: depth) }
        return parts.count == 2 ? parts[0] + ": " + parts[1] : describe(pair, depth: depth)
    }

    /// A mirror's children, with those of the superclasses of a class first.
    ///
    /// - Parameter mirror: The mirror of a record.
    /// - Returns: Every stored property the mirror shows.
    package static func children(of mirror: Mirror) -> [Mirror.Child] {
        var inherited: [Mirror.Child] = []
        if let superclass = mirror.superclassMirror {
            inherited = children(of: superclass)
        }
        return inherited + mirror.children
    }
}
