import MultiRedux
import ReduxCore
import ReduxReducers
internal import ReduxShared
import ReduxStore
import ReduxTimeTravel

/// Asserts that some features, placed in the root state as the app places them, change a state
/// exactly as the test describes when an action is dispatched.
///
/// ```swift
/// assertReduce(features: [UserFeature().at(\.user)], action: SetName(name: "Ann"), on: AppState()) {
///     $0.user.name = "Ann"
///     $0.user.tags = ["renamed"]
/// }
/// ```
///
/// It builds a `Store(initialState:features:)` from the features and dispatches the action once,
/// so the reducers run in the order and at the places the app's store runs them. The expected
/// state is `expected` (by default `state`) changed by `update`, compared exhaustively.
///
/// Also fails for what the store reports: a registration no part of the state can reach
/// (`unreachableReducer`), and other misuse. An async reducer whose effect is `.none`, a
/// `.cancel` or a `.send` is checked like any other (the follow-up action is not applied); one
/// that starts work (a `.run`) fails the assertion, naming it, and its result is not applied:
/// test flows with work in them with ``TestStore``, and an async reducer alone with the `async`
/// form of `assertReduce`.
///
/// - Parameters:
///   - features: The features and their places, in the order the app places them.
///   - action: The action to dispatch.
///   - state: The state before the action.
///   - expected: The state the features must leave, before `update`; by default `state`.
///   - fileID: The file the failure points at; leave the default.
///   - filePath: The file the failure points at; leave the default.
///   - line: The line the failure points at; leave the default.
///   - column: The column the failure points at; leave the default.
///   - update: Changes the expected state further; by default nothing. An error it throws is
///     reported as a failure.
/// - Returns: The state the features left.
@discardableResult
public func assertReduce<Root: State & Equatable>(
    features: [PlacedFeature<Root>], action: any Action, on state: Root, expected: Root? = nil,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
    _ update: (inout Root) throws -> Void = { _ in }
) -> Root {
    let reduction = FeatureReduction(features: features, state: state)
    let check = ReductionCheck(
        subject: "The features", actionType: type(of: action), location: .init(fileID, filePath, line, column))
    let actual = reduction.reduce(action)
    for problem in reduction.problems(after: action) {
        FailureReporter.current.fail(problem, at: check.location)
    }
    return check.verify(actual: actual, expected: expected ?? state, update: update)
}

/// A store built from placed features for one synchronous reduction: it holds back what effects
/// hand back, so the state it leaves is the synchronous part only, whatever the timing.
struct FeatureReduction<Root: State> {
    let store: Store<Root>
    private let issues: LockedValue<[ReduxIssue]>
    /// The async reducers that started work (a `.run`), in order.
    private let started = LockedValue<[Any.Type]>([])

    /// Builds the store; the issues of placing the features are kept for ``problems(after:)``.
    init(features: [PlacedFeature<Root>], state: Root) {
        let issues = LockedValue<[ReduxIssue]>([])
        store = Store(
            initialState: state, features: features,
            issueReporter: IssueReporter { issue in issues.withLock { $0.append(issue) } })
        // The synchronous part only: what effects hand back (changes, follow-ups) is not applied.
        store.testingSeam.holdEffectOutput { _, _ in true }
        store.testingSeam.observeStartedWork { [started] reducer in started.withLock { $0.append(reducer) } }
        self.issues = issues
    }

    /// Dispatches the action and returns the state it leaves.
    func reduce(_ action: any Action) -> Root {
        store.dispatch(action)
        return store.state
    }

    /// What went wrong, as failure messages: misuse the store reported, and async reducers the
    /// action started.
    func problems(after action: any Action) -> [String] {
        let reported = issues.withLock { $0 }.filter { $0.severity == .misuse }.map {
            "The store reported an issue: \($0.description)"
        }
        let started = self.started.withLock { $0 }
        guard !started.isEmpty else { return reported }
        return reported + [
            "\(ValueDescription.name(of: type(of: action))) started async work in "
                + "\(typeNames(started)), whose results this assertion does not apply (an effect of .none, "
                + ".cancel or .send is fine); test the flow with TestStore, or the reducer alone with "
                + "`await assertReduce(…)`."
        ]
    }
}
