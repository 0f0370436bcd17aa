internal import ReduxAtomics
public import ReduxCore
package import ReduxReducers
internal import ReduxShared

/// Holds the app's state and applies actions to it, one at a time, in one serial order.
///
/// Build a store from its features, each placed at the part of the root state it owns:
///
/// ```swift
/// let store = Store(
///     initialState: AppState(),
///     features: [UserFeature().at(\.user), TodoFeature().at(\.todos)])
/// store.dispatch(SetUsernameAction(newUsername: "Max"))
/// print(store.state.user.userName)   // "Max"
/// ```
///
/// Guarantees:
/// - Any thread may dispatch. Actions are applied exactly once each, one at a time. When no other
///   thread is applying actions, `dispatch(_:)` returns after the action is applied and every
///   observer has been notified.
/// - A dispatch made while the store is busy (from a reducer, a middleware, an observer or
///   another thread) is queued and applied after the current action, first in first out. Queuing
///   does not wait for the action being applied, so stores whose reducers dispatch to each other do
///   not deadlock.
/// - A thread that dispatches faster than the store applies is held back: a dispatch from a
///   thread other than the one applying actions that makes the queue 4,096 actions long waits
///   until that thread takes them, at most 2 ms. The applying thread's own dispatches never wait.
/// - Reduction is in place: a reducer that appends to a large array in a sub-state costs O(1).
///
/// - Note: `@unchecked Sendable`: an atomic word and two locks. `drainState` says whether a thread
///   is applying the store's work (`DrainState`); only the thread that claimed it applies
///   actions, so they are applied one at a time, and that thread alone reads and writes what is
///   marked "draining thread only". `queueLock` guards the queue, and is held only to append or
///   take it, never while user code runs, so a dispatch to a busy store does not wait for the action
///   being applied. `lock` (recursive, so that a reducer may read the state or call the store)
///   guards the state, the observers and the settings; the draining thread holds it while the app
///   reducer runs, and from one queued action to the next while nothing runs between them.
///   Middleware and observers run outside both locks.
public final class Store<Root: State>: @unchecked Sendable {
    let lock = Lock(recursive: true)
    /// Guards `queued` only; a leaf lock: nothing else is taken, and no user code runs, while it
    /// is held.
    let queueLock = Lock()
    /// Whether a thread is applying the store's work, and whether work is queued (``DrainState``).
    let drainState = redux_atomic_word_create(DrainState.idle)
    /// The tracker an awaited dispatch kept for the next one (`DrainingTracker.keep(_:in:)`), as a
    /// retained reference; zero for none.
    let spareTracker = redux_atomic_word_create(0)
    /// The work queued while the store was busy, first in first out; guarded by `queueLock`.
    ///
    /// This and the properties above are what a thread queuing work reads, and none of them is
    /// written while actions are applied: declared first, they share no cache line with what the
    /// draining thread writes for every action (`isReducing` and those after it), which would
    /// otherwise travel between the two cores on every dispatch (B5 in <doc:Performance>).
    let queued = WorkQueue()
    /// The work the draining thread is running: what it took from `queued` (draining thread only).
    let batch = WorkQueue()
    /// The state lives in its own allocation so that in-place reduction and reads under the lock
    /// never trigger an exclusivity check on a class property.
    let statePointer: UnsafeMutablePointer<Root>
    /// Unchecked exclusivity, like the other properties guarded by `lock` that a dispatch reads:
    /// the lock already makes every access exclusive, and the dynamic check showed in B1 (more in
    /// a `-cross-module-optimization` build, where none could be proven).
    @exclusivity(unchecked) var appReducer: InPlaceAppReducer<Root>
    /// The sub-states of the placed features and the root, for a store built from features until
    /// `replaceReducer` replaces them: the store hands them to its context directly, with no app
    /// reducer to call and no look for the context. While it is
    /// set, `appReducer` is not used.
    @exclusivity(unchecked) var placedSubstates: SubstateList? {
        didSet {
            placedSubstatesUnretained = placedSubstates.map(Unmanaged.passUnretained)
            // A reducer may replace the list (`replaceReducer`) while the old one is being reduced.
            if let oldValue { retiredSubstates.append(oldValue) }
        }
    }
    /// `placedSubstates`, unretained, for the reduction of each action: the list it names is kept
    /// alive by `placedSubstates`, or, if replaced meanwhile, by `retiredSubstates` until the action
    /// is applied.
    @exclusivity(unchecked) var placedSubstatesUnretained: Unmanaged<SubstateList>?
    /// Lists replaced while an action may be reducing them; emptied after each action.
    @exclusivity(unchecked) var retiredSubstates: [SubstateList] = []
    @exclusivity(unchecked) var reportsUnhandledActions: Bool
    @exclusivity(unchecked) var reporter: IssueReporter
    let middleware: [Middleware<Root>]
    /// `!middleware.isEmpty`, kept apart because asking the generic array costs a metadata look-up.
    let runsMiddleware: Bool
    let sink: StoreReductionSink<Root>
    /// `sink`, as the existential each running effect keeps: made once, since making it in the
    /// store's unspecialised code asked the runtime for `StoreReductionSink<Root>`'s generic
    /// metadata, about 330 instructions per effect.
    let effectSink: any EffectSink
    /// The store's reduction context: told when the app reducer starts and stops.
    let context: ReductionContext
    /// `context`, as the existential the app reducer takes.
    let provider: any ReducerProvider
    /// The container the app reducer routes through.
    let registry: any ReducerContainer
    /// What `reducerContainer` hands out: the registry itself, or, for a store built from
    /// features, a container for the root state that reports registrations it cannot reach.
    let exposedContainer: any ReducerContainer
    /// The places of the store's features, for a store built from features; nil for a store
    /// built around an app reducer.
    let featureLocations: FeatureLocations<Root>?

    /// How many dispatches waited for the draining thread to take a long queue; guarded by
    /// `queueLock`.
    @exclusivity(unchecked) var waitsForRoom = 0

    // Guarded by `lock`.
    @exclusivity(unchecked) var isReducing = false
    /// Whether a `state` read is reporting `stateReadDuringReduction` (on the reducing thread).
    var isReportingStateRead = false
    @exclusivity(unchecked) var currentTracker: DispatchTracker?
    @exclusivity(unchecked) var observationGroups: [any ObservationGroup] = [] {
        didSet { hasObservationGroups = !observationGroups.isEmpty }
    }
    /// `!observationGroups.isEmpty`, kept apart because asking the generic array costs a metadata look-up.
    @exclusivity(unchecked) var hasObservationGroups = false
    /// Whether ReSwift's `subscribe` spellings skip repeats of `Equatable` values: ReSwift's
    /// `automaticallySkipsRepeats`. Set once by the initialiser, before the store is shared.
    var automaticallySkipsRepeats = true
    var keyPathGroups: [AnyKeyPath: any ObservationGroup] = [:]
    /// The main actor's deliveries of this store's observations, which a dispatch that shows its
    /// result at once (``dispatchShown(_:sentFrom:line:)``) empties; guarded by `lock`.
    var mainActorDeliveries: [WeakDelivery] = []
    /// What records the applied actions (time travel, Sources/ReduxTimeTravel); set through
    /// ``attach(recorder:)``, in the serial order.
    @exclusivity(unchecked) var recorder: (any StoreRecorder<Root>)? {
        // A pattern, not `!= nil`: comparing an optional parameterized existential needs runtime
        // support from macOS 13 / iOS 16 on, and the package reaches back to macOS 10.15 / iOS 13.
        didSet {
            if case .some = recorder { isRecording = true } else { isRecording = false }
        }
    }
    /// `recorder != nil`: the one branch a dispatch pays for recording when nothing records.
    /// Set only by the draining thread (attaching is work in the serial order), which may
    /// therefore read it without the lock.
    @exclusivity(unchecked) var isRecording = false
    /// While recording, where the action being applied was sent (its `dispatch`, or its effect's
    /// `send`); nil when unknown. Written and read by the draining thread only.
    @exclusivity(unchecked) var recordedSite: CallSite?
    /// Whether effects returned now are not started: while recorded actions are replayed, the
    /// recorded results are applied instead, and nothing runs again.
    @exclusivity(unchecked) var suppressesEffects = false
    /// The effects started and still running. Unchecked exclusivity, like the other properties
    /// guarded by `lock`.
    @exclusivity(unchecked) var effects = RunningEffects()
    /// Called, outside the lock, when effects end or are cancelled (``setEffectEndHandler(_:)``).
    @exclusivity(unchecked) var onEffectEnd: (@Sendable () -> Void)?
    /// What holds effect output instead of applying it (a test store's); nil for none. Set under
    /// the lock.
    @exclusivity(unchecked) var effectOutputHold: (@Sendable (any Action, [ElementStep]) -> Bool)?
    /// What hears of each async work started (a synchronous assertion's); nil for none. Set
    /// under the lock.
    @exclusivity(unchecked) var onWorkStarted: (@Sendable (Any.Type) -> Void)?
    /// The effect whose output (a change or a follow-up action) is being applied: the cause of
    /// effects started meanwhile, and ``currentCause``.
    @exclusivity(unchecked) var currentOrigin: RunningEffect?
    /// Work to run once the lock is released (cancelling tasks, resuming waiters), added while
    /// an action is reduced.
    @exclusivity(unchecked) var deferredWork: [() -> Void] = [] {
        didSet { hasDeferredWork = !deferredWork.isEmpty }
    }
    /// `!deferredWork.isEmpty`, kept apart because asking the array costs a metadata look-up.
    @exclusivity(unchecked) var hasDeferredWork = false
    /// The features placed in the store, and the action types they record (time travel).
    var featureRecordings: [FeatureRecording] = []
    /// What placed features carried for other modules, in placement order (``noteAttachments(_:)``).
    var featureAttachments: [any Sendable] = []
    /// Who hears of the attachments of features added later (``observeAttachments(_:)``).
    var attachmentHandlers: [@Sendable (any Sendable) -> Void] = []
    /// For each place, the parts of the state it declared it reads (``ReducerProvider/read(_:)``).
    var readableParts: [ObjectIdentifier: [PartialKeyPath<Root>]] = [:]
    /// The element the action being applied is addressed to (an element's scope sent it, an
    /// explicit `dispatch(_:to:id:)`, or an element's effect handed it back); empty otherwise.
    /// Written and read by the draining thread, under `lock`.
    @exclusivity(unchecked) var currentAddress: [ElementStep] = []
    /// The collections features are placed at each element of, with the slots of those features;
    /// guarded by `lock`.
    @exclusivity(unchecked) var elementPlacements:
        [(access: ElementAccess<Root>, slot: ObjectIdentifier, memo: SettleMemo)] = []
    {
        didSet {
            hasElementPlacements = !elementPlacements.isEmpty
            hasSharedValues = elementPlacements.contains { $0.access.settle != nil }
        }
    }
    /// Whether a placement at elements shares a value with its home (``ElementAccess/settle``);
    /// guarded by `lock`.
    @exclusivity(unchecked) var hasSharedValues = false
    /// `!elementPlacements.isEmpty`: the one branch an action pays for element placements when
    /// there are none.
    @exclusivity(unchecked) var hasElementPlacements = false

    /// Creates a store; every public initialiser ends here.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces the state through the provider; nil for a store built from
    ///     features, which reduces each feature's place and then the root.
    ///   - container: The container the app reducer routes through.
    ///   - exposedContainer: What `reducerContainer` returns; by default `container`.
    ///   - middleware: Runs on every action before the reducers, in this order.
    ///   - issueReporter: Where misuse and diagnostics go.
    ///   - dependencies: What effects and reducers read.
    package init(
        initialState: Root,
        appReducer: InPlaceAppReducer<Root>?,
        container: any ReducerContainer,
        exposedContainer: (any ReducerContainer)? = nil,
        middleware: [Middleware<Root>],
        issueReporter: IssueReporter,
        dependencies: Dependencies = Dependencies()
    ) {
        statePointer = .allocate(capacity: 1)
        statePointer.initialize(to: initialState)
        // A store built from features hands its places to its context; its app reducer, run only
        // if `replaceReducer` drops the places, reduces the root.
        self.appReducer = appReducer ?? { provider, action, state in provider.reduce(action, &state) }
        registry = container
        self.exposedContainer = exposedContainer ?? container
        featureLocations = appReducer == nil ? FeatureLocations() : nil
        placedSubstates = featureLocations?.list
        placedSubstatesUnretained = placedSubstates.map(Unmanaged.passUnretained)
        self.middleware = middleware
        runsMiddleware = !middleware.isEmpty
        reporter = issueReporter
        reportsUnhandledActions = true
        var dependencies = dependencies
        dependencies.issueReporter = issueReporter
        sink = StoreReductionSink(dependencies: dependencies)
        effectSink = sink
        context = ReductionContext(container: container, sink: sink)
        provider = context
        sink.store = self
    }

    deinit {
        cancelAllEffects()
        statePointer.deinitialize(count: 1)
        statePointer.deallocate()
        redux_atomic_word_destroy(drainState)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            DrainingTracker.release(from: spareTracker)
        }
        redux_atomic_word_destroy(spareTracker)
    }

    /// The current state: a copy, safe to keep and to read from any thread.
    ///
    /// While another thread runs this store's reducers, the read waits for them to finish, so it
    /// never sees an action half applied; it does not wait for that action's middleware or
    /// subscribers. While that thread applies queued actions with nothing to do between them, it
    /// keeps the lock from one to the next, releasing it after every 64: the read may then wait
    /// for several actions. Reading it from inside a reducer of this store is reported as
    /// `ReduxIssue.Kind.stateReadDuringReduction`: a reducer gets its state as a parameter. A reducer
    /// that reads another store's state can deadlock with a reducer of that store reading this one's
    /// on another thread (see <doc:Concurrency>).
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

    /// The store's dependencies, as it was made with them.
    var dependencies: Dependencies {
        sink.dependencies
    }

    /// Where the store reports misuse and diagnostics; replaceable at any time.
    public var issueReporter: IssueReporter {
        get { lock.withLock { reporter } }
        set { lock.withLock { reporter = newValue } }
    }
}
