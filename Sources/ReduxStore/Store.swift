public import ReduxCore
public import ReduxReducers

/// Holds the app's state and applies actions to it, one at a time, in one serial order.
///
/// A store is built from an initial state, an app reducer that reduces each sub-state through a
/// `ReducerContainer`, and optional middleware:
///
/// ```swift
/// let container = ReducerRegistry()
/// container.addReducer(reducer: SetUsernameReducer())
/// let store = Store(
///     initialState: AppState(),
///     appReducer: reduceSubstates(Substate(\.user), Substate(\.todos)),
///     reducerContainer: container)
/// store.dispatch(SetUsernameAction(newUsername: "Max"))
/// print(store.state.user.userName)   // "Max"
/// ```
///
/// Guarantees:
/// - Any thread may dispatch. Actions are applied exactly once each, one at a time. When no other
///   thread is applying actions, `dispatch(_:)` returns after the action is applied and every
///   subscriber has been notified.
/// - A dispatch made while the store is busy (from a reducer, a middleware, a subscriber or
///   another thread) is queued and applied after the current action, first in first out. Queuing
///   never waits for the action being applied, so stores whose reducers dispatch to each other do
///   not deadlock.
/// - The app reducer changes the state in place: a reducer that appends to a large array in a
///   sub-state costs O(1).
///
/// - Note: `@unchecked Sendable`: two locks. `queueLock` guards the queue and `isDraining`, and is
///   held only to append, pop or flip the flag, never while user code runs, so a dispatch to a busy
///   store never waits for the action being applied. `lock` (recursive, so that a reducer may read
///   the state or call the store) guards the state, the subscriptions and the settings; the
///   draining thread holds it while the app reducer runs. Middleware, subscribers and observers
///   run outside both. Only one thread at a time drains the queue (`isDraining`), so actions are
///   applied one at a time.
public final class Store<Root: State>: StoreType, @unchecked Sendable {
    let lock = Lock(recursive: true)
    /// Guards `queue` and `isDraining` only; a leaf lock: nothing else is taken, and no user code
    /// runs, while it is held.
    let queueLock = Lock()
    /// The state lives in its own allocation so that in-place reduction and reads under the lock
    /// never trigger an exclusivity check on a class property.
    let statePointer: UnsafeMutablePointer<Root>
    var appReducer: InPlaceAppReducer<Root>
    var reportsUnhandledActions: Bool
    var reporter: IssueReporter
    let middleware: [Middleware<Root>]
    /// `!middleware.isEmpty`, kept apart because asking the generic array costs a metadata look-up.
    let runsMiddleware: Bool
    let sink: StoreReductionSink<Root>
    /// The store's reduction context: told when the app reducer starts and stops.
    let context: ReductionContext
    /// `context`, as the existential the app reducer takes.
    let provider: any ReducerProvider

    // Guarded by `queueLock`.
    /// Whether a thread is applying the store's work; that thread runs everything queued before
    /// it clears the flag.
    var isDraining = false
    /// Unchecked exclusivity: `queueLock` already makes every access exclusive.
    @exclusivity(unchecked) var queue = WorkQueue<StoreWork>()

    // Guarded by `lock`.
    var isReducing = false
    /// Whether a `state` read is reporting `stateReadDuringReduction` (on the reducing thread).
    var isReportingStateRead = false
    var currentTracker: DispatchTracker?
    var observationGroups: [ObservationGroup<Root>] = [] {
        didSet { hasObservationGroups = !observationGroups.isEmpty }
    }
    /// `!observationGroups.isEmpty`, kept apart because asking the generic array costs a metadata look-up.
    var hasObservationGroups = false
    var keyPathGroups: [ObservationGroupKey: ObservationGroup<Root>] = [:]

    /// The container the store's app reducer routes through; add reducers to it at any time.
    public let reducerContainer: any ReducerContainer

    /// Creates a store with an in-place app reducer.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces each sub-state through the provider; by default only the root.
    ///   - reducerContainer: Where reducers are registered; by default a new `ReducerRegistry`.
    ///   - middleware: Runs on every action before the reducers, in this order.
    ///   - issueReporter: Where misuse and diagnostics go.
    public init(
        initialState: Root,
        appReducer: @escaping InPlaceAppReducer<Root> = rootAppReducer(),
        reducerContainer: any ReducerContainer = ReducerRegistry(),
        middleware: [Middleware<Root>] = [],
        issueReporter: IssueReporter = .default
    ) {
        statePointer = .allocate(capacity: 1)
        statePointer.initialize(to: initialState)
        self.appReducer = appReducer
        self.reducerContainer = reducerContainer
        self.middleware = middleware
        runsMiddleware = !middleware.isEmpty
        reporter = issueReporter
        reportsUnhandledActions = true
        sink = StoreReductionSink()
        context = ReductionContext(container: reducerContainer, sink: sink)
        provider = context
        sink.store = self
    }

    /// Creates a store with a value-returning app reducer, VISPER-Redux's form.
    ///
    /// The reducer's result is assigned back to the store's state. Building a new root value
    /// copies the sub-states; see `AppReducer`.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Returns the next state, reducing each sub-state through the provider.
    ///   - reducerContainer: Where reducers are registered; by default a new `ReducerRegistry`.
    ///   - middleware: Runs on every action before the reducers, in this order.
    ///   - issueReporter: Where misuse and diagnostics go.
    public convenience init(
        initialState: Root,
        appReducer: @escaping AppReducer<Root>,
        reducerContainer: any ReducerContainer = ReducerRegistry(),
        middleware: [Middleware<Root>] = [],
        issueReporter: IssueReporter = .default
    ) {
        self.init(
            initialState: initialState, appReducer: inPlace(appReducer), reducerContainer: reducerContainer,
            middleware: middleware, issueReporter: issueReporter)
    }

    /// Creates a store around one reducer function, ReSwift's form.
    ///
    /// When `state` is nil the reducer is called once with ``StoreInitAction`` and a nil state to
    /// make the initial state. Such a store has no registered reducers to consult, so it never
    /// reports unhandled actions.
    ///
    /// ```swift
    /// func appReducer(action: Action, state: AppState?) -> AppState { … }
    /// let store = Store<AppState>(reducer: appReducer, state: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - reducer: Returns the next state for an action and the current state.
    ///   - state: The initial state, or nil to let the reducer make it.
    ///   - middleware: Runs on every action before the reducer, in this order.
    public convenience init(
        reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root,
        state: Root?,
        middleware: [Middleware<Root>] = []
    ) {
        self.init(
            initialState: state ?? reducer(StoreInitAction(), nil),
            appReducer: { _, action, current in current = reducer(action, current) },
            middleware: middleware)
        reportsUnhandledActions = false
    }

    deinit {
        statePointer.deinitialize(count: 1)
        statePointer.deallocate()
    }

    /// The current state: a copy, safe to keep and to read from any thread.
    ///
    /// While another thread runs this store's reducers, the read waits for them to finish, so it
    /// never sees an action half applied; it does not wait for that action's middleware or
    /// subscribers. Reading it from inside a reducer of this store is reported as
    /// `ReduxIssue.Kind.stateReadDuringReduction`: a reducer gets its state as a parameter. A reducer
    /// that reads another store's state can deadlock with a reducer of that store reading this one's
    /// on another thread (see Docs/Concurrency.md).
    ///
    /// - Complexity: O(1): copying a state copies references to its storage, not the storage.
    public var state: Root {
        lock.lock()
        let current = statePointer.pointee
        // Only the thread running the reducers can see `isReducing`: others wait for the lock.
        guard isReducing, !isReportingStateRead else {
            lock.unlock()
            return current
        }
        // A reporter that reads the state itself gets it without a second report.
        isReportingStateRead = true
        let reporter = self.reporter
        lock.unlock()
        reporter.report(
            ReduxIssue(
                .stateReadDuringReduction,
                "A reducer read store.state while the store was reducing; use the state passed to the reducer."))
        lock.withLock { isReportingStateRead = false }
        return current
    }

    /// Returns the current state; the same as ``state``.
    ///
    /// - Returns: A copy of the current state.
    public func getState() -> Root {
        state
    }

    /// Where the store reports misuse and diagnostics; replaceable at any time.
    public var issueReporter: IssueReporter {
        get { lock.withLock { reporter } }
        set { lock.withLock { reporter = newValue } }
    }

    /// Replaces the app reducer; actions applied from now on use the new one.
    ///
    /// - Parameter appReducer: The new in-place app reducer.
    public func replaceReducer(_ appReducer: @escaping InPlaceAppReducer<Root>) {
        lock.withLock {
            self.appReducer = appReducer
            reportsUnhandledActions = true
        }
    }

    /// Replaces the app reducer with a value-returning one; actions applied from now on use it.
    ///
    /// - Parameter appReducer: The new value-returning app reducer.
    public func replaceReducer(_ appReducer: @escaping AppReducer<Root>) {
        replaceReducer(inPlace(appReducer))
    }
}

/// The action a ReSwift-style store passes to its reducer, with a nil state, to make the
/// initial state.
public struct StoreInitAction: Action {
    /// Creates the action.
    public init() {}
}
