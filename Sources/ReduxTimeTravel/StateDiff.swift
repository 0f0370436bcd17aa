/// The differences between an expected and an actual value, field by field, found with `Mirror`.
///
/// Failure messages of this library show a diff instead of two long dumps:
///
/// ```
/// user.name: "Ann" → "Bob"
/// counter.history.count: 2 → 3
/// counter.history[2]: (absent) → 7
/// game.turn: .one → .two
/// ```
///
/// Each line reads *path: expected → actual*. Paths name stored properties (`user.name`),
/// collection elements by index (`history[2]`), dictionary values by key (`scores["Ann"]`) and
/// enum payloads by case (`load.loaded`); a collection whose length differs also gets a
/// `.count` line, and a value present on one side only is shown against `(absent)`.
///
/// Values whose types have no stored properties to show (numbers, strings, enum cases without
/// payload) are compared by their descriptions, so the diff needs no conformance from your types.
/// Two values of an `Equatable` type that are equal by their `==` are not walked.
///
/// - Complexity: O(*n*) in the number of values reachable from the two roots, plus a sort of the
///   elements of sets and the keys of dictionaries.
package struct StateDiff: Sendable, CustomStringConvertible {
    /// One difference: where it is and the two values there.
    package struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// Where the values differ, such as `user.name` or `history[2]`; empty for the root.
        package let path: String
        /// The expected value there, on one line, or `(absent)`.
        package let expected: String
        /// The actual value there, on one line, or `(absent)`.
        package let actual: String

        /// Describes a difference.
        ///
        /// - Parameters:
        ///   - path: Where the values differ; empty for the root.
        ///   - expected: The expected value there.
        ///   - actual: The actual value there.
        package init(path: String, expected: String, actual: String) {
            self.path = path
            self.expected = expected
            self.actual = actual
        }

        /// For example `user.name: "Ann" → "Bob"`.
        package var description: String {
            (path.isEmpty ? "(root)" : path) + ": " + expected + " → " + actual
        }
    }

    /// The text shown for a value that one side does not have.
    package static let absent = "(absent)"

    /// The differences, in the order of the fields and elements.
    package let differences: [Difference]

    /// Compares two values field by field.
    ///
    /// - Parameters:
    ///   - expected: The value the test expected.
    ///   - actual: The value it got.
    package init<Value>(expected: Value, actual: Value) {
        var builder = Builder()
        builder.compare(expected, actual, at: "", depth: 0)
        differences = builder.differences
    }

    /// Whether two values of one `Equatable` type are equal by their own `==`: the walk skips
    /// such a pair without reflecting it (a long history in which one element was appended is
    /// compared at the speed of `==`).
    ///
    /// - Returns: False for values of different types or of a type that is not `Equatable`.
    package static func areEqual(_ one: Any, _ other: Any) -> Bool {
        guard let one = one as? any Equatable else { return false }
        func equals<Value: Equatable>(_ value: Value) -> Bool {
            (other as? Value).map { $0 == value } ?? false
        }
        return equals(one)
    }

    /// Whether no field differs.
    package var isEmpty: Bool { differences.isEmpty }

    /// One line per difference.
    package var description: String {
        differences.map(\.description).joined(separator: "\n")
    }
}

extension StateDiff {
    /// Walks two values side by side and notes where they differ.
    private struct Builder {
        static let maximumDepth = 24
        var differences: [Difference] = []

        mutating func compare(_ expected: Any, _ actual: Any, at path: String, depth: Int) {
            if StateDiff.areEqual(expected, actual) {
                return
            }
            let expectedMirror = Mirror(reflecting: expected)
            let actualMirror = Mirror(reflecting: actual)
            guard depth < Self.maximumDepth, type(of: expected) == type(of: actual),
                expectedMirror.displayStyle == actualMirror.displayStyle
            else {
                compareDescriptions(expected, actual, at: path)
                return
            }
            switch expectedMirror.displayStyle {
            case .optional:
                compareOptionals(expectedMirror, actualMirror, at: path, depth: depth)
            case .collection:
                compareSequences(expectedMirror, actualMirror, at: path, depth: depth)
            case .set:
                compareSets(expectedMirror, actualMirror, at: path)
            case .dictionary:
                compareDictionaries(expectedMirror, actualMirror, at: path, depth: depth)
            case .enum:
                compareEnumCases(expected, actual, at: path, depth: depth)
            case .class where (expected as AnyObject) === (actual as AnyObject):
                return
            case .struct, .class, .tuple:
                compareRecords(expected, actual, at: path, depth: depth)
            default:
                compareDescriptions(expected, actual, at: path)
            }
        }

        mutating func note(_ path: String, _ expected: String, _ actual: String) {
            differences.append(Difference(path: path, expected: expected, actual: actual))
        }

        mutating func compareDescriptions(_ expected: Any, _ actual: Any, at path: String) {
            let expectedText = ValueDescription.of(expected)
            let actualText = ValueDescription.of(actual)
            if expectedText != actualText {
                note(path, expectedText, actualText)
            }
        }

        mutating func compareOptionals(_ expected: Mirror, _ actual: Mirror, at path: String, depth: Int) {
            switch (expected.children.first?.value, actual.children.first?.value) {
            case (nil, nil):
                return
            case (let expectedValue?, let actualValue?):
                compare(expectedValue, actualValue, at: path, depth: depth + 1)
            case (let expectedValue, let actualValue):
                note(
                    path, expectedValue.map(ValueDescription.of) ?? "nil", actualValue.map(ValueDescription.of) ?? "nil"
                )
            }
        }

        mutating func compareSequences(_ expected: Mirror, _ actual: Mirror, at path: String, depth: Int) {
            let expectedElements = expected.children.map(\.value)
            let actualElements = actual.children.map(\.value)
            if expectedElements.count != actualElements.count {
                note(joined(path, ".count"), "\(expectedElements.count)", "\(actualElements.count)")
            }
            for index in 0..<max(expectedElements.count, actualElements.count) {
                let elementPath = path + "[\(index)]"
                switch (index < expectedElements.count, index < actualElements.count) {
                case (true, true):
                    compare(expectedElements[index], actualElements[index], at: elementPath, depth: depth + 1)
                case (true, false):
                    note(elementPath, ValueDescription.of(expectedElements[index]), StateDiff.absent)
                default:
                    note(elementPath, StateDiff.absent, ValueDescription.of(actualElements[index]))
                }
            }
        }

        mutating func compareSets(_ expected: Mirror, _ actual: Mirror, at path: String) {
            let expectedElements = expected.children.map { ValueDescription.of($0.value) }
            let actualElements = actual.children.map { ValueDescription.of($0.value) }
            if expectedElements.count != actualElements.count {
                note(joined(path, ".count"), "\(expectedElements.count)", "\(actualElements.count)")
            }
            for missing in Set(expectedElements).subtracting(actualElements).sorted() {
                note(path, missing, StateDiff.absent)
            }
            for extra in Set(actualElements).subtracting(expectedElements).sorted() {
                note(path, StateDiff.absent, extra)
            }
        }

        mutating func compareDictionaries(_ expected: Mirror, _ actual: Mirror, at path: String, depth: Int) {
            let expectedEntries = Self.entries(of: expected)
            let actualEntries = Self.entries(of: actual)
            if expectedEntries.count != actualEntries.count {
                note(joined(path, ".count"), "\(expectedEntries.count)", "\(actualEntries.count)")
            }
            for key in Set(expectedEntries.keys).union(actualEntries.keys).sorted() {
                let entryPath = path + "[\(key)]"
                switch (expectedEntries[key], actualEntries[key]) {
                case (let expectedValue?, let actualValue?):
                    compare(expectedValue, actualValue, at: entryPath, depth: depth + 1)
                case (let expectedValue?, nil):
                    note(entryPath, ValueDescription.of(expectedValue), StateDiff.absent)
                case (nil, let actualValue?):
                    note(entryPath, StateDiff.absent, ValueDescription.of(actualValue))
                case (nil, nil):
                    preconditionFailure("ReduxTimeTravel: a dictionary key came from neither dictionary")
                }
            }
        }

        mutating func compareEnumCases(_ expected: Any, _ actual: Any, at path: String, depth: Int) {
            let expectedPayload = Mirror(reflecting: expected).children.first
            let actualPayload = Mirror(reflecting: actual).children.first
            guard let expectedPayload, let actualPayload, let caseName = expectedPayload.label,
                caseName == actualPayload.label
            else {
                compareDescriptions(expected, actual, at: path)
                return
            }
            compare(expectedPayload.value, actualPayload.value, at: joined(path, "." + caseName), depth: depth + 1)
        }

        mutating func compareRecords(_ expected: Any, _ actual: Any, at path: String, depth: Int) {
            let expectedFields = ValueDescription.children(of: Mirror(reflecting: expected))
            let actualFields = ValueDescription.children(of: Mirror(reflecting: actual))
            guard !expectedFields.isEmpty, expectedFields.count == actualFields.count else {
                compareDescriptions(expected, actual, at: path)
                return
            }
            for (index, (expectedField, actualField)) in zip(expectedFields, actualFields).enumerated() {
                let label = expectedField.label ?? ".\(index)"
                compare(
                    expectedField.value, actualField.value,
                    at: joined(path, label.hasPrefix(".") ? label : "." + label), depth: depth + 1)
            }
        }

        /// Appends a member to a path, leaving out the dot at the root.
        func joined(_ path: String, _ member: String) -> String {
            path.isEmpty ? String(member.dropFirst()) : path + member
        }

        /// A dictionary's entries keyed by the description of their keys.
        static func entries(of mirror: Mirror) -> [String: Any] {
            var entries: [String: Any] = [:]
            for pair in mirror.children {
                let parts = Array(Mirror(reflecting: pair.value).children)
                guard parts.count == 2 else { continue }
                entries[ValueDescription.of(parts[0].value)] = parts[1].value
            }
            return entries
        }
    }
}
