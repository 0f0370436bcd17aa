import ReduxCore

/// Collects the issues a store or container reports, so tests can assert on them.
public final class IssueCollector: Sendable {
    private let recorder = Recorder<ReduxIssue>()

    /// Creates an empty collector.
    public init() {}

    /// A reporter that records into this collector.
    public var reporter: IssueReporter {
        IssueReporter { [recorder] in recorder.append($0) }
    }

    /// Every issue reported so far.
    public var issues: [ReduxIssue] { recorder.all }

    /// The kinds of the issues reported so far.
    public var kinds: [ReduxIssue.Kind] { issues.map(\.kind) }
}
