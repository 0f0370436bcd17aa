import MultiRedux

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
    /// Every issue fails the test (a dependency with no test value, an effect that threw with no
    /// `catch:`, an action no reducer handled), except a cancel that matched nothing
    /// (``ReduxIssue/Kind/unmatchedCancel``), which is often nothing to fix.
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
            guard issue.kind != .unmatchedCancel else { return }
            reporter.fail("The store reported an issue. \(issue.description)", at: location)
        }
    }
}
