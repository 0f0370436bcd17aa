import MultiRedux

/// A real `Store` driven step by step by a test, which asserts every change of the state.
///
/// ```swift
/// let store = TestStore(initialState: AppState(), features: [UserFeature().at(\.user)])
/// await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }
/// await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
/// await store.receive(UserState.self) { $0.user = UserState(name: "Ann", bio: "Hi", isLoading: false) }
/// await store.finish()
/// ```
///
/// **Exhaustive by default.** ``send(_:timeout:isolation:fileID:filePath:line:column:_:)`` applies
/// the action and compares the new state with the previous one changed by the closure: a change
/// the closure does not describe fails, and the failure lists the differing fields. Set
/// ``exhaustivity`` to ``Exhaustivity/off`` to check only the fields the closure assigns.
///
/// **Async reducer results are received in order.** The store's first middleware holds back
/// every async reducer's change in a first-in first-out queue; `send` returns once the async
/// reducers the action started have delivered (it awaits them like `await store.dispatchAndWait(_:)`),
/// so the queue is complete and the test is deterministic.
/// ``receive(_:from:timeout:isolation:fileID:filePath:line:column:_:)`` lets the oldest change
/// through, applied to the state as it is then, and asserts what it changed. With exhaustivity
/// on, results must be received before the next `send` (the app would apply them before the next
/// action), and results never received fail the test at
/// ``finish(timeout:isolation:fileID:filePath:line:column:)``, or when the test store is
/// deallocated; so do async reducers still running then.
///
/// **Broken async reducers time out.** `send`, `receive` and `finish` wait at most ``timeout``
/// (one second by default, or their `timeout:` argument) for async reducers to deliver. After
/// that the step fails, naming the action in flight and the async reducers it is waiting for,
/// and the test goes on; a result delivered later is held like any other.
///
/// **Issues are failures.** What the store reports through its issue reporter (a registration no
/// part of the state can reach, an action no reducer handled, an async reducer that called its
/// completion twice) fails the step that caused it, or the creation of the test store. With
/// exhaustivity off, unhandled actions are not reported.
///
/// Failures go to the ``FailureReporter`` that was current when the test store was created.
///
/// - Note: A test store is used by one test at a time and is not `Sendable`. Its async methods
///   run on the caller's actor (`isolation` parameter), so it works from `@MainActor` tests too.
public final class TestStore<Root: State & Equatable> {
    /// The real store under test; read its state or container, but send actions through the
    /// test store.
    public let store: Store<Root>
    /// Whether a change the test does not describe fails the test; ``Exhaustivity/on`` by default.
    public var exhaustivity: Exhaustivity
    /// How long `send`, `receive` and `finish` wait for async reducers to deliver their change
    /// before the step fails; by default ``TestTimeout/standard`` when the store was made (one
    /// second unless a scope set another), `.never` to wait for as long as it takes.
    ///
    /// ```swift
    /// store.timeout = .milliseconds(200)
    /// await store.send(LoadProfile(id: 7), timeout: .seconds(5)) { $0.user.isLoading = true }  // this step only
    /// ```
    public var timeout: TestTimeout = TestTimeout.standard
    /// The state as of the last step the test asserted.
    var expectedState: Root
    let held: HeldResults
    /// Dispatches that timed out and may not have settled yet, oldest first.
    var unsettled: [AwaitedDispatch] = []
    let reporter: FailureReporter
    private let creation: TestFailure.Location

    /// Creates a test store around a new store built from features, as
    /// `Store(initialState:features:middleware:reducers:)` builds the app's.
    ///
    /// ```swift
    /// let store = TestStore(initialState: AppState(), features: [UserFeature().at(\.user)])
    /// ```
    ///
    /// A registration no part of the state can reach fails the test here.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - features: The features and their places, in the order the app places them.
    ///   - middleware: The app's middleware; it runs after the test store's own, so it sees async
    ///     results when the test receives them.
    ///   - dependencies: The dependencies the test overrides; a dependency it does not override
    ///     gives its key's test value, and reading one with no test value fails the test, naming it.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at creation and deallocation point; leave the default.
    ///   - filePath: Where failures noticed at creation and deallocation point; leave the default.
    ///   - line: Where failures noticed at creation and deallocation point; leave the default.
    ///   - column: Where failures noticed at creation and deallocation point; leave the default.
    ///   - reducers: Registers reducers of the root state, after the features'.
    public convenience init(
        initialState: Root, features: [PlacedFeature<Root>] = [], middleware: [Middleware<Root>] = [],
        dependencies: Dependencies = Dependencies(), exhaustivity: Exhaustivity = .on,
        failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) {
        self.init(
            initialState: initialState, exhaustivity: exhaustivity, failureReporter: failureReporter,
            at: .init(fileID, filePath, line, column)
        ) { held in
            var testing = dependencies
            testing.isTesting = true
            return Store(
                initialState: initialState, features: features, middleware: [held.middleware()] + middleware,
                issueReporter: held.issueReporter, dependencies: testing, reducers: reducers)
        }
    }

    /// Creates a test store around a new store that `makeStore` builds with the test store's
    /// middleware and issue reporter.
    ///
    /// - Parameters:
    ///   - initialState: The state the store starts with.
    ///   - exhaustivity: Whether every change must be described.
    ///   - failureReporter: Where failures go.
    ///   - creation: Where failures noticed at creation and deallocation point.
    ///   - makeStore: Builds the store; put `held.middleware()` first and use `held.issueReporter`.
    init(
        initialState: Root, exhaustivity: Exhaustivity, failureReporter: FailureReporter,
        at creation: TestFailure.Location, makeStore: (HeldResults) -> Store<Root>
    ) {
        let held = HeldResults()
        store = makeStore(held)
        self.held = held
        self.exhaustivity = exhaustivity
        expectedState = initialState
        reporter = failureReporter
        self.creation = creation
        reportIssues(during: "creating the TestStore", at: creation)
    }

    deinit {
        reportIssues(during: "the test", at: creation)
        unsettled.removeAll { $0.isSettled }
        reportStillRunning(
            unsettled,
            "The TestStore was deallocated while async reducer(s) were still running; "
                + "call `await store.finish()` at the end of the test:",
            at: creation)
        guard exhaustivity == .on else { return }
        reportUnreceived(
            held.removeAll(), "The TestStore was deallocated with",
            hint: "call `await store.finish()` at the end of the test",
            at: creation)
    }

    /// The store's current state.
    public var state: Root { store.state }

    /// Applies an action and asserts that the state changed exactly as the closure describes.
    ///
    /// ```swift
    /// await store.send(Increment()) { $0.counter.count = 1 }
    /// await store.send(Ignored())   // asserts that nothing changed
    /// ```
    ///
    /// The action passes through the store's middleware and reducers like any dispatched action.
    /// `send` returns when it is applied and every async reducer it started has delivered its
    /// result, which is then held for ``receive(_:from:timeout:isolation:fileID:filePath:line:column:_:)``;
    /// or, if an async reducer has not delivered within the timeout, after reporting
    /// it.
    ///
    /// With exhaustivity on, results still held from earlier steps fail the step: the app would
    /// have applied them before this action. They are listed, then applied without assertion
    /// before the action, so the test goes on in the app's order. With exhaustivity off they stay
    /// held: the action is applied first, and they wait for `receive` or `finish`.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - timeout: How long to wait for the async reducers it starts; by default ``timeout``.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    ///     An error it throws is reported as a failure.
    public func send(
        _ action: any Action, timeout: TestTimeout? = nil, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        let location = TestFailure.Location(fileID, filePath, line, column)
        let actionName = ValueDescription.name(of: type(of: action))
        let step = "send(\(actionName))"
        if exhaustivity == .on {
            await applyUnreceived(before: actionName, during: step, timeout: timeout, at: location)
        }
        await dispatch(
            action, describedAs: ValueDescription.of(action), during: step, timeout: timeout, at: location)
        reportIssues(during: step, at: location)
        assertStateChange(step, update, at: location)
    }

    /// Fails the step when results are held, and applies them without assertion: they must be
    /// received before the next action is sent.
    private func applyUnreceived(
        before actionName: String, during step: String, timeout: TestTimeout?,
        at location: TestFailure.Location, isolation: isolated (any Actor)? = #isolation
    ) async {
        let results = held.removeAll()
        guard !results.isEmpty else { return }
        reporter.fail(
            "\(step): \(results.count) async reducer result(s) must be received before sending another action; "
                + "assert each with `receive` first, or set `exhaustivity = .off`:\n"
                + FailureMessage.list(results.map(describeHeld))
                + "\nThe app applies them before \(actionName), so they are applied now, without assertion.",
            at: location)
        await apply(results, during: step, timeout: timeout, at: location)
    }
}
