import MultiRedux
internal import ReduxShared
import ReduxTimeTravel

/// A real `Store` driven step by step by a test, which asserts every change of the state and
/// receives every action its effects send back.
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
/// **Effects run while the test goes on.** `send` returns once the action is applied (its
/// synchronous part); the effects it started keep running, as in the app, so a test can send
/// another action while they run ("log out while loading") and drive their time with a
/// ``TestClock``. What an effect hands back (a change, `effect.send`'s follow-up action) is held
/// in a first-in first-out queue, whichever action started the effect: one the test sent, one an
/// observer or a middleware dispatched, or a follow-up.
/// ``receive(_:from:timeout:isolation:fileID:filePath:line:column:_:)`` waits for the oldest one,
/// lets it through, applied to the state as it is then, and asserts what it changed. With
/// exhaustivity on, what is held must be received before the next `send` (the app would apply it
/// before the next action); what is never received, and effects still running, fail the test at
/// ``finish(timeout:isolation:fileID:filePath:line:column:)``, or when the test store is
/// deallocated. An effect the test cancels (by an action, or by removing its feature) is not
/// running any more.
///
/// **Effects that never deliver time out.** `receive` and `finish` wait at most ``timeout``
/// (one second by default, or their `timeout:` argument). After that the step fails, naming each
/// effect still running and the action it started for, and the test goes on.
///
/// **Issues are failures.** What the store reports through its issue reporter (a registration no
/// part of the state can reach, an action no reducer handled, an effect that threw with no
/// `catch:`) fails the step that caused it, or the creation of the test store. With exhaustivity
/// off, only misuse is reported.
///
/// **State needs only what it must.** A root state that is `Equatable` is compared whole. Any
/// other is compared through a projection the test chooses
/// (``init(initialState:features:middleware:dependencies:comparing:exhaustivity:failureReporter:fileID:filePath:line:column:reducers:)``).
///
/// Failures go to the ``FailureReporter`` that was current when the test store was created.
///
/// - Note: A test store is used by one test at a time and is not `Sendable`. Its async methods
///   run on the caller's actor (`isolation` parameter), so it works from `@MainActor` tests too.
public final class TestStore<Root: State> {
    /// The real store under test; read its state or container, but send actions through the
    /// test store.
    public let store: Store<Root>
    /// Whether a change the test does not describe fails the test; ``Exhaustivity/on`` by default.
    public var exhaustivity: Exhaustivity
    /// How long `receive` and `finish` wait for effects to deliver before the step fails; by
    /// default ``TestTimeout/standard`` when the store was made (one second unless a scope set
    /// another), `.never` to wait for as long as it takes.
    ///
    /// ```swift
    /// store.timeout = .milliseconds(200)
    /// await store.receive(UserState.self, timeout: .seconds(5)) { $0.user.isLoading = false }  // this step only
    /// ```
    public var timeout: TestTimeout = TestTimeout.standard
    /// What the test store applied without an assertion while ``exhaustivity`` was off, oldest
    /// first: held results and follow-up actions that `receive` let through on its way to the
    /// one it was asked for, those `finish()` let through, and effects still running when the
    /// test finished. Nothing is skipped silently: read it to see what a test did not assert.
    ///
    /// ```swift
    /// store.exhaustivity = .off
    /// await store.receive(SearchResults.self)
    /// print(store.skipped)   // ["receive(SearchResults.self) applied Searching() (a follow-up action)"]
    /// ```
    public internal(set) var skipped: [String] = []
    /// The state as of the last step the test asserted.
    var expectedState: Root
    /// How states are compared: whole, or through the test's projection.
    let comparison: StateComparison<Root>
    let held: HeldResults
    /// Whether `finish()` was the last step: the effects it reported are not reported again.
    var hasFinished = false
    /// The cancels that matched nothing so far (``ReduxIssue/Kind/unmatchedCancel``), each with
    /// its step: noted in failures about work that went on running or delivering.
    var cancelNotes: [String] = []
    let reporter: FailureReporter
    private let creation: TestFailure.Location

    /// Creates a test store around a new store built from features, as
    /// `Store(initialState:features:middleware:reducers:)` builds the app's, for a root state that
    /// is not `Equatable`: each step compares the projection the test chooses.
    ///
    /// ```swift
    /// let store = TestStore(
    ///     initialState: Session(), features: [SessionFeature().at(\.self)], comparing: { $0.user.name })
    /// await store.send(LogIn(name: "Ann")) { $0.user.name = "Ann" }
    /// ```
    ///
    /// A change outside the projection is neither required nor checked: project what the test
    /// is about, or everything that can be compared (`{ ($0.user.name, $0.items) }` does not
    /// compile, as tuples are not `Equatable`; project into a small `Equatable` struct instead).
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - features: The features and their places, in the order the app places them.
    ///   - middleware: The app's middleware; it runs after the test store's own, so it sees what
    ///     effects hand back when the test receives it.
    ///   - dependencies: The dependencies the test overrides; a dependency it does not override
    ///     gives its key's test value, and reading one with no test value fails the test, naming it.
    ///   - projection: What of the state each step compares.
    ///   - exhaustivity: Whether every change must be described; ``Exhaustivity/on`` by default.
    ///   - failureReporter: Where failures go; by default the current one.
    ///   - fileID: Where failures noticed at creation and deallocation point; leave the default.
    ///   - filePath: Where failures noticed at creation and deallocation point; leave the default.
    ///   - line: Where failures noticed at creation and deallocation point; leave the default.
    ///   - column: Where failures noticed at creation and deallocation point; leave the default.
    ///   - reducers: Registers reducers of the root state, after the features'.
    public convenience init<Projection: Equatable>(
        initialState: @autoclosure () -> Root, features: [PlacedFeature<Root>] = [],
        middleware: [Middleware<Root>] = [], dependencies: Dependencies = Dependencies(),
        comparing projection: @escaping (Root) -> Projection,
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) {
        let testing = dependencies.forTesting
        let state = testing.withCurrent(initialState)
        self.init(
            initialState: state, comparison: StateComparison(projection), exhaustivity: exhaustivity,
            failureReporter: failureReporter, at: .init(fileID, filePath, line, column)
        ) { held in
            Store(
                initialState: state, features: features, middleware: middleware,
                issueReporter: held.issueReporter, dependencies: testing, reducers: reducers)
        }
    }

    /// Creates a test store around a new store that `makeStore` builds with the test store's
    /// middleware and issue reporter.
    ///
    /// - Parameters:
    ///   - initialState: The state the store starts with.
    ///   - comparison: How states are compared.
    ///   - exhaustivity: Whether every change must be described.
    ///   - failureReporter: Where failures go.
    ///   - creation: Where failures noticed at creation and deallocation point.
    ///   - makeStore: Builds the store; use `held.issueReporter`.
    init(
        initialState: Root, comparison: StateComparison<Root>, exhaustivity: Exhaustivity,
        failureReporter: FailureReporter, at creation: TestFailure.Location,
        makeStore: (HeldResults) -> Store<Root>
    ) {
        let held = HeldResults()
        store = makeStore(held)
        held.hold(store)
        store.testingSeam.setEffectEndHandler(held.changed)
        self.held = held
        self.comparison = comparison
        self.exhaustivity = exhaustivity
        expectedState = initialState
        reporter = failureReporter
        self.creation = creation
        reportIssues(during: "creating the TestStore", at: creation)
    }

    deinit {
        reportIssues(during: "the test", at: creation)
        guard exhaustivity == .on, !hasFinished else { return }
        reportInFlight(
            "The TestStore was deallocated while effect(s) were still running; call `await store.finish()` at "
                + "the end of the test, or cancel them:",
            at: creation)
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
    /// `send` returns once it is applied, with what observers and middleware dispatched meanwhile;
    /// the effects its reducers started keep running, and what they hand back is held for
    /// ``receive(_:from:timeout:isolation:fileID:filePath:line:column:_:)``.
    ///
    /// With exhaustivity on, results still held fail the step: the app would have applied them
    /// before this action. They are listed, then applied without assertion before the action, so
    /// the test goes on in the app's order. With exhaustivity off they stay held: the action is
    /// applied first, and they wait for `receive` or `finish`.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - timeout: How long to wait for the store to apply it, when another thread keeps it busy;
    ///     by default ``timeout``.
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
        await send(
            action, address: [], timeout: timeout, at: TestFailure.Location(fileID, filePath, line, column), update)
    }

    /// The steps every `send` takes: applies the action addressed to `address` (to no element when
    /// empty), and asserts the change.
    func send(
        _ action: any Action, address: [ElementStep], timeout: TestTimeout?, at location: TestFailure.Location,
        isolation: isolated (any Actor)? = #isolation, _ update: (inout Root) throws -> Void
    ) async {
        hasFinished = false
        let actionName = ValueDescription.name(of: type(of: action))
        let description = ValueDescription.action(action)
        // An enum action's step names its case, which its type alone does not tell apart.
        let sent = Mirror(reflecting: action).displayStyle == .enum ? description : actionName
        let step =
            "send(\(sent)\(address.map { ", to: \($0.collection), id: \(ValueDescription.of($0.id.base))" }.joined()))"
        if exhaustivity == .on {
            await applyUnreceived(before: actionName, during: step, timeout: timeout, at: location)
        }
        await apply(
            action, describedAs: description, during: step, timeout: timeout, at: location, isHeld: false,
            address: address)
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
            "\(step): \(results.count) effect result(s) must be received before sending another action; "
                + "assert each with `receive` first, or set `exhaustivity = .off`:\n"
                + FailureMessage.list(results.map { describeHeld($0.action) })
                + "\nThe app applies them before \(actionName), so they are applied now, without assertion."
                + cancelNote,
            at: location)
        await apply(results, during: step, timeout: timeout, at: location)
    }
}

extension TestStore where Root: Equatable {
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
    ///   - middleware: The app's middleware; it runs after the test store's own, so it sees what
    ///     effects hand back when the test receives it.
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
        initialState: @autoclosure () -> Root, features: [PlacedFeature<Root>] = [],
        middleware: [Middleware<Root>] = [], dependencies: Dependencies = Dependencies(),
        exhaustivity: Exhaustivity = .on, failureReporter: FailureReporter = .current,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) {
        let testing = dependencies.forTesting
        let state = testing.withCurrent(initialState)
        self.init(
            initialState: state, comparison: StateComparison(), exhaustivity: exhaustivity,
            failureReporter: failureReporter, at: .init(fileID, filePath, line, column)
        ) { held in
            Store(
                initialState: state, features: features, middleware: middleware,
                issueReporter: held.issueReporter, dependencies: testing, reducers: reducers)
        }
    }
}

/// How a ``TestStore`` compares the state a step left with the state the test describes: the
/// whole state, when it is `Equatable`, or a projection the test chose.
struct StateComparison<Root> {
    /// The part of a state that is compared, and diffed in failure messages.
    let project: (Root) -> Any
    /// Whether two states are the same as far as the test is concerned.
    let isSame: (Root, Root) -> Bool
    /// What was compared, for the headline of a failure: "the state", "the projection of the state".
    let subject: String

    /// Compares whole states.
    init() where Root: Equatable {
        project = { $0 }
        isSame = { $0 == $1 }
        subject = "the state"
    }

    /// Compares a projection of the states.
    ///
    /// - Parameter projection: What of a state is compared.
    init<Projection: Equatable>(_ projection: @escaping (Root) -> Projection) {
        project = { projection($0) }
        isSame = { projection($0) == projection($1) }
        subject = "the compared projection of the state"
    }
}
