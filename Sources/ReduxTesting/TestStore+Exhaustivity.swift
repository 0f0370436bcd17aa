import MultiRedux

/// How strictly a ``TestStore`` checks the state after each step.
public enum Exhaustivity: Sendable, Equatable {
    /// Every change must be described: a field the step changed that the closure did not set
    /// fails the test, and so do async reducer results never received.
    case on
    /// Only what the closure sets is checked: other changes pass, `receive` skips results until
    /// one matches (applying the skipped ones), and `finish` applies the results left over.
    /// Unhandled actions are not reported.
    case off
}

extension TestStore {
    /// Compares the state after a step with the state the test describes, then takes the actual
    /// state as the base of the next step (so one wrong step fails once, not at every step after).
    ///
    /// With exhaustivity on, the expected state is the previous state changed by `update`. With
    /// it off, that is tried first and, failing it, `update` is applied to the actual state: the
    /// step passes when the fields `update` sets already have those values.
    ///
    /// - Parameters:
    ///   - step: The step, for the headline: `send(SetName)`, `receive(UserState)`.
    ///   - update: The test's description of the change.
    ///   - location: Where a failure points.
    func assertStateChange(_ step: String, _ update: (inout Root) throws -> Void, at location: TestFailure.Location) {
        let actual = store.state
        defer { expectedState = actual }
        var expected = expectedState
        do {
            try update(&expected)
            if exhaustivity == .off && expected != actual {
                expected = actual
                try update(&expected)
            }
        } catch {
            reporter.fail("\(step): the closure describing the change threw \(error)", at: location)
            return
        }
        guard expected != actual else { return }
        var message = FailureMessage.stateMismatch(
            "\(step) changed the state differently than the test describes", expected: expected, actual: actual)
        if exhaustivity == .on {
            message +=
                "\nDescribe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets."
        }
        reporter.fail(message, at: location)
    }

    /// Reports, as failures, the issues the store reported since the last step.
    ///
    /// - Parameters:
    ///   - step: The step that caused them, for the message.
    ///   - location: Where the failures point.
    func reportIssues(during step: String, at location: TestFailure.Location) {
        for issue in held.takeIssues() where exhaustivity == .on || issue.severity == .misuse {
            reporter.fail("\(step): the store reported an issue. \(issue.description)", at: location)
        }
    }
}
