/// A problem the framework noticed at run time: misuse of the API, or a sign of a bug in the app.
///
/// Issues go to an ``IssueReporter``. None of them stops the program in a release build.
public struct ReduxIssue: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// An action reached the reducers, but no reducer was registered for it on any state it
        /// was reduced against. Usually a missing registration.
        case unhandledAction
        /// An async reducer called its completion more than once; only the first call counts.
        case completionCalledTwice
        /// An async reducer ran outside a store, so there is nowhere to deliver its result.
        case asyncResultWithoutStore
        /// A reducer read the store's state while that store was reducing.
        case stateReadDuringReduction
        /// A reducer was registered where no part of the root state can reach it, so it would
        /// never run: a feature registered it on a state type other than the one it is placed
        /// at (or the root).
        case unreachableReducer
        /// An effect's work threw an error and its `run` has no `catch:` to say what the error
        /// becomes; the message names the reducer, the action and the error.
        case effectFailed
        /// A test read a dependency it did not override and that has no test value, or called an
        /// endpoint its test value leaves `unimplemented`; the message names the dependency's key or
        /// the endpoint and says what to write.
        case missingDependency
        /// A journal file records an action (or an async result's state) that is not `Codable`, so
        /// the file marks it as not replayable; the message names the type and the features that
        /// handle it. Reported once per type; recording goes on.
        case notReplayable
        /// An effect's `cancel` matched no running work: nothing ran under that id at that
        /// place. Often nothing was running; sometimes the work runs at another feature's place,
        /// which the message then names, with the `cancel(id:at:)` that reaches it.
        case unmatchedCancel
        /// Any other misuse the framework detects; the message explains it.
        case misuse
    }

    /// How serious an issue is, which decides what the default reporter does with it.
    package enum Severity: Sendable, Equatable {
        /// Worth knowing while developing; the default reporter stays silent.
        case diagnostic
        /// Worth seeing in any build, yet no reason to stop one; the default reporter writes it to
        /// standard error.
        case warning
        /// A mistake in the calling code; the default reporter stops a debug build.
        case misuse
    }

    /// What went wrong.
    public var kind: Kind
    /// A sentence that says what happened and what to do about it.
    public var message: String

    /// Creates an issue.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: A sentence that says what happened and what to do about it.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// How serious the issue is: ``Kind/unhandledAction`` and ``Kind/unmatchedCancel`` are mere diagnostics,
    /// ``Kind/notReplayable`` a warning, the rest misuse.
    package var severity: Severity {
        switch kind {
        case .unhandledAction, .unmatchedCancel: .diagnostic
        case .notReplayable: .warning
        default: .misuse
        }
    }

    /// The message prefixed with the framework's name and the kind.
    public var description: String { "MultiRedux [\(kind.rawValue)]: \(message)" }
}
