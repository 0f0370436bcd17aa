#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// Decides what happens to a ``ReduxIssue``: stop a debug build, log it, collect it in a test.
///
/// Every store has one (`store.issueReporter`). Replace it to see diagnostics such as unhandled
/// actions, or to collect issues in a test:
///
/// ```swift
/// let seen = IssueCollector()
/// let store = Store(initialState: AppState(), issueReporter: IssueReporter { seen.append($0) })
/// ```
public struct IssueReporter: Sendable {
    private let handler: @Sendable (ReduxIssue) -> Void

    /// Creates a reporter that passes every issue to a closure.
    ///
    /// - Parameter handler: Called with each issue, on the thread that noticed it.
    public init(_ handler: @escaping @Sendable (ReduxIssue) -> Void) {
        self.handler = handler
    }

    /// Hands an issue to the reporter.
    ///
    /// - Parameter issue: The issue to report.
    package func report(_ issue: ReduxIssue) {
        handler(issue)
    }

    /// The reporter stores use unless told otherwise.
    ///
    /// Misuse stops a debug build with `assertionFailure` and is written to standard error in a
    /// release build. Warnings (``ReduxIssue/Kind/notReplayable``) are written to standard error.
    /// Diagnostics (``ReduxIssue/Kind/unhandledAction``) are dropped. A missing dependency
    /// (``ReduxIssue/Kind/missingDependency``) is written to standard error and never stops the
    /// program: it happens only in a test's or a preview's store, and stopping a test process would
    /// lose every other test's result (give the store `.failingTest()` to fail the test instead).
    public static let `default` = IssueReporter { issue in
        switch issue.severity {
        case .diagnostic: return
        case .warning: break
        case .misuse: if issue.kind != .missingDependency { assertionFailure(issue.description) }
        }
        writeToStandardError(issue.description)
    }

    /// Writes every issue, diagnostics included, to standard error and never stops the program.
    public static let logging = IssueReporter { issue in
        writeToStandardError(issue.description)
    }

    /// Drops every issue.
    public static let ignoring = IssueReporter { _ in }
}

private func writeToStandardError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in
        _ = write(2, bytes.baseAddress, bytes.count)
    }
}
