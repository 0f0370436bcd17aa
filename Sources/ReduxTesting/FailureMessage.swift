import ReduxTimeTravel

/// Builds the parts of failure messages that several assertions share.
enum FailureMessage {
    /// At most this many differences are listed; the rest are counted.
    static let maximumListedDifferences = 40

    /// A headline followed by the field-by-field difference of two states.
    ///
    /// - Parameters:
    ///   - headline: What was compared, for example "SetNameReducer reduced SetName on UserState
    ///     to an unexpected state".
    ///   - expected: The state the test expected.
    ///   - actual: The state it got.
    /// - Returns: The message, one difference per indented line.
    static func stateMismatch<Value>(_ headline: String, expected: Value, actual: Value) -> String {
        let diff = StateDiff(expected: expected, actual: actual)
        guard !diff.isEmpty else {
            return headline + ". The values differ by == but not in any field Mirror shows:\n"
                + "  expected: \(ValueDescription.of(expected))\n  actual:   \(ValueDescription.of(actual))"
        }
        return differences(headline, diff.differences)
    }

    /// A headline followed by differences, one per indented line, at most
    /// ``maximumListedDifferences`` of them.
    ///
    /// - Parameters:
    ///   - headline: What was compared.
    ///   - differences: The differences to list.
    /// - Returns: The message.
    static func differences(_ headline: String, _ differences: [StateDiff.Difference]) -> String {
        var lines = differences.prefix(maximumListedDifferences).map { "  " + $0.description }
        if differences.count > maximumListedDifferences {
            lines.append("  … and \(differences.count - maximumListedDifferences) more differences")
        }
        return headline + " (expected → actual):\n" + lines.joined(separator: "\n")
    }

    /// A numbered list, one item per indented line, or "(none)".
    ///
    /// - Parameter items: The items to list.
    /// - Returns: The lines, each starting with two spaces.
    static func list(_ items: [String]) -> String {
        guard !items.isEmpty else { return "  (none)" }
        return items.map { "  " + $0 }.joined(separator: "\n")
    }
}
