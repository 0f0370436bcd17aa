import Foundation
import ReduxTimeTravel

/// Writes values as Swift source, for a generated test: literals (`"Ann"`, `[1, 2]`,
/// `.finished(player1: .rock, player2: .paper)`), memberwise initialisers for actions
/// (`Fetch(item: 1)`), type names, and JSON in a raw string for what no literal spells.
///
/// Values are read through `Mirror`, so a literal is derived only from what it shows: numbers,
/// strings, booleans, optionals, arrays, sets, dictionaries and enum cases of those. A payload-free
/// case of an enum with a description of its own, a class, or a struct (in a state) is not a
/// literal.
enum SwiftSource {
    /// The longest line a generated file has (the package's `.swift-format`), but for lines that
    /// cannot be broken.
    static let lineLength = 120

    /// A value as a Swift literal, or nil when it is not one.
    static func literal(_ value: Any) -> String? {
        var writer = Writer(initializers: false, throwing: [])
        return writer.write(value, depth: 0)
    }

    /// A value as a Swift literal or memberwise initialisers (`Fetch(item: 1)`), or nil; the
    /// initialiser of a type in `throwing` is called with `try`
    /// (`Seat(lineup: try Lineup(player1Name: "Ann"))`).
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - throwing: The types whose initialisers throw, as a test names them.
    /// - Returns: The expression, and whether it calls a throwing initialiser; nil when the
    ///   value cannot be written.
    static func expression(_ value: Any, throwing: Set<String> = []) -> (text: String, throws: Bool)? {
        var writer = Writer(initializers: true, throwing: throwing)
        return writer.write(value, depth: 0).map { ($0, writer.callsThrowing) }
    }

    /// The name of a type as a test names it: without its module (`GameState.Phase`,
    /// `Array<RecordedRound>`), but for a type whose name a generated test's imports also
    /// declare (``namesInScope``: an action named `Tag` is `MyApp.Tag`, not Swift Testing's);
    /// nil for a type a test cannot name (private or local).
    static func typeName(_ type: Any.Type) -> String? {
        let qualified = String(reflecting: type)
        guard !qualified.contains("("), !qualified.contains("$") else { return nil }
        var name = ""
        var token = ""
        for character in qualified + " " {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                token.append(character)
                continue
            }
            let parts = token.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2, parts[0] != "Swift",
                let topLevel = parts[1].split(separator: ".").first, namesInScope.contains(String(topLevel))
            {
                name += token
            } else {
                name += parts.last ?? ""
            }
            token = ""
            name.append(character)
        }
        return String(name.dropLast())
    }

    /// The names a generated test's imports declare that an app's type may also have: the
    /// framework's and ReduxTesting's public types (a test checks the list), Swift Testing's,
    /// the standard library's and Foundation's most common. A type of the app with one of these
    /// names is written with its module.
    static let namesInScope: Set<String> = [
        // MultiRedux and ReduxTesting
        "Action", "ActionDispatcher", "ActionReducer", "ActionReducerType", "AppReducer", "AsyncActionReducer",
        "AsyncActionReducerType", "AsyncReduceFunction", "ConcurrentActionReducer", "DateGenerator", "Dependencies",
        "DependencyKey",
        "Dismissal",
        "Effect", "EffectContext",
        "Exhaustivity", "FailureReporter", "FeatureTestStore", "FunctionalReducer", "ImmediateClock",
        "InPlaceActionReducer",
        "InPlaceAppReducer",
        "IssueReporter", "Kind", "Location", "LogicFeature", "Middleware", "ObservableState", "ObservationToken",
        "ObservedSelection", "PlacedFeature", "ReducerContainer", "ReducerProvider", "ReducerRegistry", "ReducerRoutes",
        "Recorder", "Redux", "ReduxApp", "ReduxAppFactory", "ReduxIssue", "RegisteredReducer", "State", "StateType",
        "Store",
        "StoreSubscriber", "StoreSuscriptor", "StoreType", "Subscription", "SubscriptionReferenceBag", "Substate",
        "TestClock", "TestFailure", "TestStore", "TestStoreTimeoutTrait", "TestTimeout", "UnimplementedEndpoint",
        "UUIDGenerator",
        // Swift Testing
        "Attachable", "Attachment", "Backtrace", "Bug", "Comment", "ConditionTrait", "Confirmation", "Configuration",
        "Event", "ExitStatus", "ExitTest", "Expectation", "Issue", "ParallelizationTrait", "SourceLocation", "Suite",
        "SuiteTrait", "Tag", "Test", "TestScoping", "TestTrait", "TimeLimitTrait", "Trait",
        // The standard library and Foundation
        "Array", "Bool", "Calendar", "Character", "Clock", "Data", "Date", "Decimal", "Dictionary", "Double",
        "Duration", "Error", "Float", "Int", "Locale", "Measurement", "Never", "Notification", "Operation", "Optional",
        "Predicate", "Process", "Progress", "Range", "Result", "Set", "String", "Task", "Thread", "TimeZone", "Timer",
        "URL", "UUID", "Unit",
    ]

    /// Whether a text is a plain identifier (letters, digits and `_`, not starting with a digit).
    static func isIdentifier(_ text: some StringProtocol) -> Bool {
        guard let first = text.first, !first.isNumber else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Whether a text can name a type a generated file declares (a suite): an identifier that
    /// is not `_`, not a keyword, and starts with a letter.
    static func isTypeName(_ text: String) -> Bool {
        guard isIdentifier(text), text.first?.isLetter == true else { return false }
        return !keywords.contains(text)
    }

    /// Swift's keywords, and the names a declaration may not take without backticks.
    private static let keywords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "actor", "as", "associatedtype", "async", "await", "borrowing", "break",
        "case", "catch", "class", "consuming", "continue", "default", "defer", "deinit", "do", "else", "enum",
        "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "macro", "nil", "nonisolated", "open", "operator", "package",
        "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "self", "some", "static", "struct",
        "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]

    /// A string literal: quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where isHidden(scalar):
                literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A value's JSON, pretty-printed with sorted keys, when its type is `Codable` and decoding
    /// the JSON gives the value back (field by field); nil otherwise. Written into source, it
    /// goes through ``escapingHiddenCharacters(inJSON:)`` first.
    static func json(_ value: Any) -> String? {
        guard let encodable = value as? any Encodable, let decodable = type(of: value) as? any Decodable.Type else {
            return nil
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(encodable),
            let decoded = try? JSONDecoder().decode(decodable, from: data),
            // `==` first: a long history is compared at its speed, not walked through `Mirror`.
            StateDiff.areEqual(value, decoded) || StateDiff(expected: value, actual: decoded as Any).isEmpty
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether a character must not appear as it is in generated source: a control character
    /// (which Swift rejects in a literal, U+007F included), a bidirectional or other formatting
    /// character (which can make code read differently from how it compiles: "Trojan Source"),
    /// or a line or paragraph separator.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }

    /// JSON text with every hidden character (``isHidden(_:)``) written as a `\\u` escape, which
    /// JSON decoders read back as the character: JSON that a raw string literal may hold.
    static func escapingHiddenCharacters(inJSON json: String) -> String {
        // Printable ASCII hides nothing: most JSON is read byte by byte, without Unicode's tables.
        guard !json.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }), json.unicodeScalars.contains(where: isHidden)
        else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isHidden(scalar), scalar != "\n" else {
                escaped.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                escaped.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(escaped)
    }

    /// The `#`s a raw string holding a text needs: one more than its longest run of them.
    static func rawStringHashes(for text: some StringProtocol) -> String {
        String(repeating: "#", count: longestRunOfHashes(in: text) + 1)
    }

    /// The length of the longest run of `#` in a text (read as bytes: a `#` is one).
    static func longestRunOfHashes(in text: some StringProtocol) -> Int {
        var longestRun = 0
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "#") ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        return longestRun
    }

    /// A multi-line raw string literal holding a text, as lines indented by `indentation`
    /// spaces: the opening delimiter, the text's lines (a line too long is continued on the next,
    /// with a backslash), the closing delimiter. It has one `#` more than the longest run of them
    /// in the text, so nothing in the text ends it or is read as an escape.
    static func rawStringLines(_ text: String, indentation: Int) -> [String] {
        let hashes = rawStringHashes(for: text)
        let margin = String(repeating: " ", count: indentation)
        var lines = [margin + hashes + "\"\"\""]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += rawStringLines(ofLine: line, indentation: indentation, hashes: hashes)
        }
        lines.append(margin + "\"\"\"" + hashes)
        return lines
    }

    /// One line of the text of ``rawStringLines(_:indentation:)``, as the literal's lines: a
    /// line too long is continued on the next, with a backslash.
    ///
    /// - Parameters:
    ///   - line: The line, without its line break.
    ///   - indentation: How many spaces the literal's lines start with.
    ///   - hashes: The literal's `#`s.
    static func rawStringLines(ofLine line: Substring, indentation: Int, hashes: String) -> [String] {
        let margin = String(repeating: " ", count: indentation)
        let width = max(20, lineLength - indentation - 1 - hashes.count)
        var lines: [String] = []
        var rest = line
        while rest.count > width + 1 + hashes.count {
            lines.append(margin + rest.prefix(width) + "\\" + hashes)
            rest = rest.dropFirst(width)
        }
        lines.append(margin + rest)
        return lines
    }

    private static func scalar(_ value: Any) -> String? {
        switch value {
        case let text as String: stringLiteral(text)
        case let character as Character: stringLiteral(String(character))
        case let flag as Bool: flag ? "true" : "false"
        case is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64:
            "\(value)"
        case let number as Double: number.isFinite ? "\(number)" : nil
        case let number as Float: number.isFinite ? "\(number)" : nil
        default: nil
        }
    }

    /// Writes one value: literals, and memberwise initialisers when asked for.
    private struct Writer {
        let initializers: Bool
        let throwing: Set<String>
        /// Whether what was written calls an initialiser of `throwing`.
        private(set) var callsThrowing = false

        init(initializers: Bool, throwing: Set<String>) {
            self.initializers = initializers
            self.throwing = throwing
        }

        mutating func write(_ value: Any, depth: Int) -> String? {
            guard depth < 16 else { return nil }
            if let scalar = SwiftSource.scalar(value) {
                return scalar
            }
            let mirror = Mirror(reflecting: value)
            let family = String(reflecting: type(of: value))
            let elements = { (writer: inout Writer) -> [String]? in
                let written = mirror.children.map { writer.write($0.value, depth: depth + 1) }
                return written.contains(nil) ? nil : written.compactMap { $0 }
            }
            switch mirror.displayStyle {
            case .optional:
                guard let wrapped = mirror.children.first?.value else { return "nil" }
                return write(wrapped, depth: depth + 1)
            case .collection where family.hasPrefix("Swift.Array<"):
                return elements(&self).map { "[" + $0.joined(separator: ", ") + "]" }
            case .set where family.hasPrefix("Swift.Set<"):
                return elements(&self).map { "[" + $0.sorted().joined(separator: ", ") + "]" }
            case .dictionary where family.hasPrefix("Swift.Dictionary<"):
                var pairs: [String] = []
                for pair in mirror.children {
                    let parts = Mirror(reflecting: pair.value).children.map { write($0.value, depth: depth + 1) }
                    guard parts.count == 2, let key = parts[0], let value = parts[1] else { return nil }
                    pairs.append(key + ": " + value)
                }
                return pairs.isEmpty ? "[:]" : "[" + pairs.sorted().joined(separator: ", ") + "]"
            case .enum:
                return enumCase(value, mirror: mirror, depth: depth)
            case .struct where initializers && !(value is any CustomReflectable):
                guard let name = SwiftSource.typeName(type(of: value)) else { return nil }
                var arguments: [String] = []
                for child in ValueDescription.children(of: mirror) {
                    guard let label = child.label, SwiftSource.isIdentifier(label), !label.hasPrefix("_"),
                        let argument = write(child.value, depth: depth + 1)
                    else { return nil }
                    arguments.append(label + ": " + argument)
                }
                let call = name + "(" + arguments.joined(separator: ", ") + ")"
                guard throwing.contains(name) else { return call }
                callsThrowing = true
                return "try " + call
            default:
                return nil
            }
        }

        /// An enum case: `.rock`, `.busy(reason: "saving")`, `.loaded("Ann")`.
        private mutating func enumCase(_ value: Any, mirror: Mirror, depth: Int) -> String? {
            guard let payload = mirror.children.first else {
                // Without a payload, only the default description names the case.
                guard !(value is any CustomStringConvertible), !(value is any CustomDebugStringConvertible) else {
                    return nil
                }
                let name = String(describing: value)
                return SwiftSource.isIdentifier(name) ? "." + name : nil
            }
            guard let name = payload.label, SwiftSource.isIdentifier(name) else { return nil }
            let payloadMirror = Mirror(reflecting: payload.value)
            var arguments: [String] = []
            if payloadMirror.displayStyle == .tuple {
                for child in payloadMirror.children {
                    guard let argument = write(child.value, depth: depth + 1) else {
                        return nil
                    }
                    let label = child.label ?? ""
                    arguments.append(SwiftSource.isIdentifier(label) ? label + ": " + argument : argument)
                }
            } else {
                guard let argument = write(payload.value, depth: depth + 1) else {
                    return nil
                }
                arguments.append(argument)
            }
            return "." + name + "(" + arguments.joined(separator: ", ") + ")"
        }
    }
}
