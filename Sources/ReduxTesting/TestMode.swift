import MultiRedux
internal import ReduxShared

// Test mode for any store a test makes: issues as failures (`Dependencies.testing` gives test values).

extension IssueReporter {
    /// Fails the current test with each issue a store reports, as a `TestStore` does: for a
    /// plain `Store` a test makes (the store an `ActionRecorder` records, an integration test's).
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: AppState(), features: features, issueReporter: .failingTest(),
    ///     dependencies: .testing { $0.todoClient = .stub(["Buy milk"]) })
    /// ```
    ///
    /// It judges what the store reports as a `TestStore` with exhaustivity on does: every issue
    /// fails the test (a dependency with no test value, an effect that threw with no `catch:`, an
    /// action the test dispatched that no reducer handled), except a cancel that matched nothing
    /// (``ReduxIssue/Kind/unmatchedCancel``), which is often nothing to fix, and a follow-up action
    /// an effect sent that nothing handles (a delegate action for a parent the test leaves out).
    ///
    /// - Parameters:
    ///   - fileID: Where the failures point: the line that makes the store; leave the default.
    ///   - filePath: Where the failures point; leave the default.
    ///   - line: Where the failures point; leave the default.
    ///   - column: Where the failures point; leave the default.
    /// - Returns: A reporter that fails the test running where it was made (the current
    ///   `FailureReporter` then).
    public static func failingTest(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> IssueReporter {
        let reporter = FailureReporter.current
        let location = TestFailure.Location(fileID, filePath, line, column)
        return IssueReporter { issue in
            // Judged as a test store judges them: a cancel that matched nothing is a note, and a
            // follow-up action nobody answers is a delegate action the test may not wire up.
            guard issue.kind != .unmatchedCancel, !UnhandledFollowUp.isReported(in: issue) else { return }
            reporter.fail("The store reported an issue. \(issue.description)", at: location)
        }
    }
}
