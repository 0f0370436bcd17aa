import MultiRedux
import ReduxTimeTravel

/// How strictly a ``TestStore`` checks the state after each step.
public enum Exhaustivity: Sendable, Equatable {
    /// Every change must be described: a field the step changed that the closure did not set
    /// fails the test, and so do effect results and follow-up actions never received, and
    /// effects still running when the test ends.
    case on
    /// Only the fields the closure writes are checked: other changes pass, `receive` skips
    /// results and follow-up actions until one matches (applying the skipped ones), and `finish`
    /// applies what is left over and does not fail for effects still running. Everything skipped
    /// is listed in ``TestStore/skipped``. Only misuse is reported of the store's issues.
    ///
    /// A field counts as written when the closure changes it, in the previous state or in the
    /// actual one, so both `$0.count = 2` and `$0.count += 1` are checked.
    case off
}

extension TestStore {
    /// Compares the state after a step with the state the test describes, then takes the actual
    /// state as the base of the next step (so one wrong step fails once, not at every step after).
    ///
    /// The expected state is the previous state changed by `update`. With exhaustivity on, it
    /// must equal the actual state (or its projection, the actual state's projection). With it off, only the fields `update` writes are compared;
    /// see ``describedDifferences(previous:expected:actual:update:)``.
    ///
    /// - Parameters:
    ///   - step: The step, for the headline: `send(SetName)`, `receive(UserState.self)`.
    ///   - update: The test's description of the change.
    ///   - location: Where a failure points.
    func assertStateChange(_ step: String, _ update: (inout Root) throws -> Void, at location: TestFailure.Location) {
        let previous = expectedState
        let actual = store.state
        expectedState = actual
        let headline = "\(step) changed \(comparison.subject) differently than the test describes"
        do {
            var expected = previous
            try update(&expected)
            guard !comparison.isSame(expected, actual) else { return }
            switch exhaustivity {
            case .on:
                reporter.fail(
                    FailureMessage.stateMismatch(
                        headline, expected: comparison.project(expected), actual: comparison.project(actual))
                        + "\nDescribe every change in the closure, or set `exhaustivity = .off` to check only the "
                        + "fields it sets.",
                    at: location)
            case .off:
                let differences = try describedDifferences(
                    previous: previous, expected: expected, actual: actual, update: update)
                guard !differences.isEmpty else { return }
                reporter.fail(FailureMessage.differences(headline, differences), at: location)
            }
        } catch {
            reporter.fail("\(step): the closure describing the change threw \(error)", at: location)
        }
    }

    /// The differences between the expected and the actual state at the fields the closure
    /// writes, for non-exhaustive checking.
    ///
    /// A field counts as written when `update` changes it in the previous state (an assignment
    /// or `+= 1`), or would change it in the actual state (an assignment of a value the action
    /// did not produce). A field the action changed and the closure does not write is ignored.
    ///
    /// - Parameters:
    ///   - previous: The state before the step.
    ///   - expected: `previous` changed by `update`.
    ///   - actual: The state after the step.
    ///   - update: The test's description of the change; run once more, on a copy of `actual`.
    /// - Returns: The differences at written fields.
    /// - Throws: What `update` throws.
    private func describedDifferences(
        previous: Root, expected: Root, actual: Root, update: (inout Root) throws -> Void
    ) throws -> [StateDiff.Difference] {
        var actualUpdated = actual
        try update(&actualUpdated)
        let project = comparison.project
        let written =
            StateDiff(expected: project(previous), actual: project(expected)).differences.map(\.path)
            + StateDiff(expected: project(actual), actual: project(actualUpdated)).differences.map(\.path)
        return StateDiff(expected: project(expected), actual: project(actual)).differences.filter { difference in
            written.contains { Self.isSameField(difference.path, $0) }
        }
    }

    /// Whether two diff paths name the same field or one lies inside the other
    /// (`user` and `user.name`, `history` and `history[2]`).
    private static func isSameField(_ first: String, _ second: String) -> Bool {
        func contains(_ outer: String, _ inner: String) -> Bool {
            inner == outer || outer.isEmpty || inner.hasPrefix(outer + ".") || inner.hasPrefix(outer + "[")
        }
        return contains(first, second) || contains(second, first)
    }

    /// Reports, as failures, the issues the store reported since the last step.
    ///
    /// - Parameters:
    ///   - step: The step that caused them, for the message.
    ///   - location: Where the failures point.
    ///
    /// A cancel that matched nothing is no failure (often nothing was running): it is kept as a
    /// note for the failures of work that went on running or delivering (``cancelNotes``). After
    /// receiving a follow-up action, an action no reducer handled is no failure either: the test
    /// received it, and a delegate action is handled by a parent the test did not place.
    ///
    /// - Parameter receivedFollowUp: Whether the step let a held follow-up action through.
    func reportIssues(during step: String, at location: TestFailure.Location, receivedFollowUp: Bool = false) {
        for issue in held.takeIssues() where exhaustivity == .on || issue.severity == .misuse {
            if issue.kind == .unmatchedCancel {
                cancelNotes.append("\(step): \(issue.message)")
                continue
            }
            if receivedFollowUp, issue.kind == .unhandledAction {
                continue
            }
            reporter.fail("\(step): the store reported an issue. \(issue.description)", at: location)
        }
    }

    /// The cancels that matched nothing, as a note for a failure about work that went on.
    var cancelNote: String {
        cancelNotes.isEmpty
            ? "" : "\nA cancel earlier in the test matched nothing:\n" + FailureMessage.list(cancelNotes)
    }
}
