package import ReduxCore

/// The report of an action an effect sent that no reducer handled: a delegate action no feature
/// of the store answers, which a feature tested alone sends by design. A test store and a plain
/// store under `IssueReporter.failingTest()` both let it pass; the store writes and the testing
/// layer recognises it here, in one place.
package enum UnhandledFollowUp {
    /// How the message starts.
    private static let opening = "No reducer handled the follow-up action "

    /// The issue for `action`, sent by the effect of `cause`.
    package static func issue(_ action: any Action, sentFor cause: any Action) -> ReduxIssue {
        ReduxIssue(
            .unhandledAction,
            opening + "\(type(of: action)), which the effect started for \(type(of: cause)) sent: a delegate "
                + "action no feature of this store answers. Register a reducer for it where it should be answered "
                + "(the feature's parent), or ignore it if nothing needs to.")
    }

    /// Whether `issue` is such a report.
    package static func isReported(in issue: ReduxIssue) -> Bool {
        issue.kind == .unhandledAction && issue.message.hasPrefix(opening)
    }
}
