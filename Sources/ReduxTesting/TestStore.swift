import MultiRedux

/// A real `Store` driven step by step by a test, which asserts every change of the state.
///
/// ```swift
/// let store = TestStore(initialState: AppState(), appReducer: appReducer, features: [UserFeature()])
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
/// every `AsyncReducerResultAction` in a first-in first-out queue; `send` returns once the
/// async reducers the action started have delivered (it awaits them like
/// `await store.dispatch(_:)`), so the queue is complete and the test is deterministic.
/// ``receive(_:timeout:isolation:fileID:filePath:line:column:_:)`` lets the oldest result through
/// and asserts the change it makes. With exhaustivity on, results must be received before the
/// next `send` (the app would apply them before the next action), and results never received
/// fail the test at ``finish(timeout:isolation:fileID:filePath:line:column:)``, or when the test
/// store is deallocated; so do async reducers still running then.
///
/// **Broken async reducers time out.** `send`, `receive` and `finish` wait at most ``timeout``
/// (one second by default, or their `timeout:` argument) for async reducers to call their
/// completion. After that the step fails, naming the action in flight and the async reducers it
/// is waiting for, and the test goes on; a result delivered later is held like any other.
///
/// **Issues are failures.** What the store reports through its issue reporter (an action no
/// reducer handled, an async reducer that called its completion twice) fails the step that
/// caused it. With exhaustivity off, unhandled actions are not reported.
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
    /// How long `send`, `receive` and `finish` wait for async reducers to call their completion
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

    /// Creates a test store around a new store with an in-place app reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces each sub-state through the container; by default only the root.
    ///   - reducerContainer: Where the reducers under test are registered.
    ///   - middleware: The app's middleware; it runs after the test store's own, so it sees async
    ///     results when the test receives them.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at deallocation point; leave the default.
    ///   - filePath: Where failures noticed at deallocation point; leave the default.
    ///   - line: Where failures noticed at deallocation point; leave the default.
    ///   - column: Where failures noticed at deallocation point; leave the default.
    public init(
        initialState: Root, appReducer: @escaping InPlaceAppReducer<Root> = { provider, action, state in provider.reduce(action, &state) },
        reducerContainer: any ReducerContainer = ReducerRegistry(), middleware: [Middleware<Root>] = [],
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let held = HeldResults()
        store = Store(
            initialState: initialState, appReducer: appReducer, reducerContainer: reducerContainer,
            middleware: [held.middleware()] + middleware, issueReporter: held.issueReporter)
        self.held = held
        self.exhaustivity = exhaustivity
        expectedState = initialState
        reporter = failureReporter
        creation = .init(fileID, filePath, line, column)
    }

    /// Creates a test store around a new store with a value-returning app reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Returns the next state, reducing each sub-state through the container.
    ///   - reducerContainer: Where the reducers under test are registered.
    ///   - middleware: The app's middleware, run after the test store's own.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at deallocation point; leave the default.
    ///   - filePath: Where failures noticed at deallocation point; leave the default.
    ///   - line: Where failures noticed at deallocation point; leave the default.
    ///   - column: Where failures noticed at deallocation point; leave the default.
    public convenience init(
        initialState: Root, appReducer: @escaping AppReducer<Root>,
        reducerContainer: any ReducerContainer = ReducerRegistry(), middleware: [Middleware<Root>] = [],
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, appReducer: inPlace(appReducer), reducerContainer: reducerContainer,
            middleware: middleware, exhaustivity: exhaustivity, failureReporter: failureReporter,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Creates a test store whose container holds the reducers of some features, like a
    /// `ReduxApp` after `add(feature:)`.
    ///
    /// ```swift
    /// let store = TestStore(initialState: AppState(), appReducer: appReducer, features: [UserFeature()])
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces each sub-state through the container; by default only the root.
    ///   - features: The features to add, in order.
    ///   - middleware: The app's middleware, run after the test store's own.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at deallocation point; leave the default.
    ///   - filePath: Where failures noticed at deallocation point; leave the default.
    ///   - line: Where failures noticed at deallocation point; leave the default.
    ///   - column: Where failures noticed at deallocation point; leave the default.
    public convenience init(
        initialState: Root, appReducer: @escaping InPlaceAppReducer<Root> = { provider, action, state in provider.reduce(action, &state) },
        features: [any LogicFeature], middleware: [Middleware<Root>] = [],
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, appReducer: appReducer,
            reducerContainer: ReducerRoutes(features: features).container,
            middleware: middleware, exhaustivity: exhaustivity, failureReporter: failureReporter,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Creates a test store with a value-returning app reducer whose container holds the
    /// reducers of some features.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Returns the next state, reducing each sub-state through the container.
    ///   - features: The features to add, in order.
    ///   - middleware: The app's middleware, run after the test store's own.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at deallocation point; leave the default.
    ///   - filePath: Where failures noticed at deallocation point; leave the default.
    ///   - line: Where failures noticed at deallocation point; leave the default.
    ///   - column: Where failures noticed at deallocation point; leave the default.
    public convenience init(
        initialState: Root, appReducer: @escaping AppReducer<Root>, features: [any LogicFeature],
        middleware: [Middleware<Root>] = [], exhaustivity: Exhaustivity = .on,
        failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            initialState: initialState, appReducer: inPlace(appReducer), features: features, middleware: middleware,
            exhaustivity: exhaustivity, failureReporter: failureReporter,
            fileID: fileID, filePath: filePath, line: line, column: column)
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
    /// result, which is then held for ``receive(_:timeout:isolation:fileID:filePath:line:column:_:)``;
    /// or, if an async reducer has not called its completion within the timeout, after reporting
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
