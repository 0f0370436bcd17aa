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
/// **Exhaustive by default.** ``send(_:isolation:fileID:filePath:line:column:_:)`` applies the
/// action and compares the new state with the previous one changed by the closure: a change the
/// closure does not describe fails, and the failure lists the differing fields. Set
/// ``exhaustivity`` to ``Exhaustivity/off`` to check only the fields the closure assigns.
///
/// **Async reducer results are received in order.** The store's first middleware holds back
/// every `AsyncReducerResultAction` in a first-in first-out queue; `send` returns once the
/// async reducers the action started have delivered (it awaits them like
/// `await store.dispatch(_:)`), so the queue is complete and the test is deterministic.
/// ``receive(_:isolation:fileID:filePath:line:column:_:)`` lets the oldest result through and
/// asserts the change it makes. Results never received fail the test at ``finish(isolation:fileID:filePath:line:column:)``,
/// or when the test store is deallocated.
///
/// **Issues are failures.** What the store reports through its issue reporter (an action no
/// reducer handled, an async reducer that called its completion twice) fails the step that
/// caused it. With exhaustivity off, unhandled actions are not reported.
///
/// Failures go to the ``FailureReporter`` that was current when the test store was created.
///
/// - Note: A test store is used by one test at a time and is not `Sendable`. Its async methods
///   run on the caller's actor (`isolation` parameter), so it works from `@MainActor` tests too.
///   An async reducer that waits for a later action before calling its completion makes `send`
///   wait forever: `send` waits for the results of the action it sends.
public final class TestStore<Root: State & Equatable> {
    /// The real store under test; read its state or container, but send actions through the
    /// test store.
    public let store: Store<Root>
    /// Whether a change the test does not describe fails the test; ``Exhaustivity/on`` by default.
    public var exhaustivity: Exhaustivity
    /// The state as of the last step the test asserted.
    var expectedState: Root
    let held: HeldResults
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
        initialState: Root, appReducer: @escaping InPlaceAppReducer<Root> = rootAppReducer(),
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
        initialState: Root, appReducer: @escaping InPlaceAppReducer<Root> = rootAppReducer(),
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
    /// result, which is then held for ``receive(_:isolation:fileID:filePath:line:column:_:)``.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    ///   - update: Changes the previous state into the expected one; by default nothing changes.
    ///     An error it throws is reported as a failure.
    public func send(
        _ action: any Action, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ update: (inout Root) throws -> Void = { _ in }
    ) async {
        let location = TestFailure.Location(fileID, filePath, line, column)
        await store.dispatch(ReleasedAction(action: action))
        let step = "send(\(ValueDescription.name(of: type(of: action))))"
        reportIssues(during: step, at: location)
        assertStateChange(step, update, at: location)
    }

    /// Ends the test: fails if async reducer results were never received.
    ///
    /// With exhaustivity off, the remaining results are applied instead, without assertion,
    /// together with the results of any async reducers they start.
    ///
    /// - Parameters:
    ///   - isolation: The actor the test runs on; leave the default.
    ///   - fileID: The file the failure points at; leave the default.
    ///   - filePath: The file the failure points at; leave the default.
    ///   - line: The line the failure points at; leave the default.
    ///   - column: The column the failure points at; leave the default.
    public func finish(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let location = TestFailure.Location(fileID, filePath, line, column)
        reportIssues(during: "the test", at: location)
        switch exhaustivity {
        case .on:
            reportUnreceived(
                held.removeAll(), "The test finished with", hint: "assert each with `receive`", at: location)
        case .off:
            // Applying a result may start further async reducers; apply theirs too.
            while case let remaining = held.removeAll(), !remaining.isEmpty {
                await apply(remaining)
            }
            reportIssues(during: "finish()", at: location)
        }
    }

    /// Lets held results through without asserting what they change, oldest first.
    func apply(_ results: [any Action], isolation: isolated (any Actor)? = #isolation) async {
        for result in results {
            await store.dispatch(ReleasedAction(action: result))
        }
        expectedState = store.state
    }

    private func reportUnreceived(
        _ results: [any Action], _ opening: String, hint: String, at location: TestFailure.Location
    ) {
        guard !results.isEmpty else { return }
        reporter.fail(
            "\(opening) \(results.count) async reducer result(s) never received; \(hint), "
                + "or set `exhaustivity = .off`:\n" + FailureMessage.list(results.map(describeHeld)),
            at: location)
    }
}
