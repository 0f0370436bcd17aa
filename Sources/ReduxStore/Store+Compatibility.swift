public import ReduxCore
public import ReduxReducers

// Spellings from VISPER-Redux, ReduxSample and ReSwift, kept so that their code ports unchanged.
// Each is a thin forward to the core API (a store built from features, `observe`) that behaves as
// in the library it comes from; Docs/MultiRedux.docc/Articles/Porting.md lists them all, and Docs/Decisions/0010 says how
// they behave where the libraries differ from the core.

// MARK: Stores around an app reducer (VISPER-Redux, ReduxSample, ReSwift)

extension Store {
    /// Creates a store around an in-place app reducer that routes through a container by state
    /// type, VISPER-Redux's shape.
    ///
    /// Prefer `Store(initialState:features:)`: features placed in the root state need no app
    /// reducer, and registrations no part of the state can reach are reported.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - appReducer: Reduces each sub-state through the provider.
    ///   - reducerContainer: Where reducers are registered; by default a new `ReducerRegistry`.
    ///   - middleware: Runs on every action before the reducers, in this order.
    ///   - issueReporter: Where misuse and diagnostics go.
    public convenience init(
        initialState: Root,
        appReducer: @escaping InPlaceAppReducer<Root>,
        reducerContainer: any ReducerContainer = ReducerRegistry(),
        middleware: [Middleware<Root>] = [],
        issueReporter: IssueReporter = .default
    ) {
        let checked = TypeOrderCheckedContainer(reducerContainer)
        self.init(
            initialState: initialState, appReducer: appReducer, container: reducerContainer,
            exposedContainer: checked, middleware: middleware, issueReporter: issueReporter)
        checked.owner = self
    }

    /// Creates a store around a value-returning app reducer, VISPER-Redux's form.
    ///
    /// The reducer's result is assigned back to the store's state; building a new root value
    /// copies the sub-states. (VISPER-Redux's own initialiser,
    /// `Store(appReducer:intialState:reducerContainer:)`, is this one with the state first.)
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
    /// When `state` is nil the reducer is called once with a nil state to make the initial state.
    /// Such a store has no registered reducers to consult, so it never reports unhandled actions.
    ///
    /// - Parameters:
    ///   - reducer: Returns the next state for an action and the current state.
    ///   - state: The initial state, or nil to let the reducer make it.
    ///   - middleware: Runs on every action before the reducer, in this order.
    ///   - automaticallySkipsRepeats: Whether the ReSwift spellings of subscribing
    ///     (`subscribe(_:)`, `subscribe(_:transform:)`) skip repeats of an `Equatable` state or
    ///     selection, as ReSwift's switch of that name does; `true` by default, as in ReSwift.
    public convenience init(
        reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root,
        state: Root?,
        middleware: [Middleware<Root>] = [],
        automaticallySkipsRepeats: Bool = true
    ) {
        self.init(
            initialState: state ?? reducer(StoreInitAction(), nil),
            appReducer: { _, action, current in current = reducer(action, current) },
            middleware: middleware)
        reportsUnhandledActions = false
        self.automaticallySkipsRepeats = automaticallySkipsRepeats
    }

    /// The container the store's reducers are registered in, VISPER-Redux's `reducerContainer`.
    ///
    /// For a store built from features it is a container for the root state: register reducers
    /// of a sub-state through a feature placed at that sub-state (`store.add(feature.at(\.part))`).
    /// A registration whose types look swapped (VISPER's `FunctionalReducer<State, Action>`
    /// order) is reported.
    public var reducerContainer: any ReducerContainer { exposedContainer }

    /// Returns the current state; the same as ``state``, ReduxSample's spelling.
    ///
    /// - Returns: A copy of the current state.
    public func getState() -> Root {
        state
    }

    /// ReduxSample's spelling of `dispatch(_:)`.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave it to its
    ///     default.
    ///   - line: The line of the call; leave it to its default.
    public func dispatch(action: any Action, fileID: StaticString = #fileID, line: UInt = #line) {
        dispatch(action, fileID: fileID, line: line)
    }

    /// Replaces the app reducer; actions applied from now on use the new one.
    ///
    /// - Parameter appReducer: The new in-place app reducer.
    public func replaceReducer(_ appReducer: @escaping InPlaceAppReducer<Root>) {
        lock.withLock {
            self.appReducer = appReducer
            placedSubstates = nil
            reportsUnhandledActions = true
        }
    }

    /// Replaces the app reducer with a value-returning one; actions applied from now on use it.
    ///
    /// - Parameter appReducer: The new value-returning app reducer.
    public func replaceReducer(_ appReducer: @escaping AppReducer<Root>) {
        replaceReducer(inPlace(appReducer))
    }

    /// ReduxSample's `replaceReducer(reducer:)`: replaces the app reducer with a single reducer
    /// function of the action and the current state.
    ///
    /// Like a store made with ``init(reducer:state:middleware:automaticallySkipsRepeats:)``, the
    /// store stops reporting unhandled actions, since it no longer consults registered reducers.
    ///
    /// - Parameter reducer: Returns the next state for an action and the current state.
    public func replaceReducer(reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root) {
        lock.withLock {
            appReducer = { _, action, current in current = reducer(action, current) }
            placedSubstates = nil
            reportsUnhandledActions = false
        }
    }
}

/// The action a ReSwift-style store passes to its reducer, with a nil state, to make the
/// initial state. A reducer tells that call by its nil state.
struct StoreInitAction: Action {}

// MARK: StoreType (ReSwift)

/// What every store offers, ReSwift's `StoreType`: the current state, a way to change it, and
/// ReSwift's way of subscribing to it.
///
/// ``Store`` conforms. Depend on it (or only on `ActionDispatcher`) where code should not care
/// which store it talks to, for instance a test double:
///
/// ```swift
/// func connect<Connected: StoreType>(_ label: CounterLabel, to store: Connected)
/// where Connected.StoreState == CounterState {
///     store.subscribe(label) { $0.select { $0.counter } }
/// }
/// ```
public protocol StoreType<StoreState>: ActionDispatcher, AnyObject {
    /// The type of the root state.
    associatedtype StoreState: State

    /// The current state: a copy, safe to keep and to read from any thread.
    var state: StoreState { get }

    /// Subscribes an object to what a ReSwift subscription selects from the state, replacing any
    /// earlier subscription of the same object.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - transform: Builds the subscription: `{ $0.select { $0.counter }.skipRepeats() }`.
    func subscribe<Subscriber: StoreSubscriber, Selected>(
        _ subscriber: Subscriber, transform: (Subscription<StoreState>) -> Subscription<Selected>
    ) where Subscriber.SuscribedState == Selected

    /// Ends every subscription of an object.
    ///
    /// - Parameter subscriber: The object to stop notifying.
    func unsubscribe(_ subscriber: AnyObject)
}

extension StoreType {
    /// Subscribes an object to the whole state, ReSwift's `subscribe(_:)`, replacing any earlier
    /// subscription of the same object.
    ///
    /// The subscriber gets the current state at once, then the state after every applied action;
    /// when the state is `Equatable`, only after an action that changed it (unless the store was
    /// made with `automaticallySkipsRepeats: false`).
    ///
    /// - Parameter subscriber: The object to notify; held weakly.
    /// - Complexity: O(*n*) for the store's *n* subscriptions, to find the one it replaces.
    public func subscribe<Subscriber: StoreSubscriber>(_ subscriber: Subscriber)
    where Subscriber.SuscribedState == StoreState {
        subscribe(subscriber) { $0 }
    }
}

extension Store: StoreType {}

// MARK: Subscriber objects (the design card, ReduxSample, ReSwift)

extension Store {
    /// Subscribes an object to the whole state: it gets the current state now, then one update
    /// per applied action. The same as ``observe(_:)``, with the subscriber held weakly.
    ///
    /// An object has one subscription per store: subscribing it again replaces the earlier one,
    /// whichever spelling made it.
    ///
    /// - Parameter subscriber: The object to notify; dropped once it is deallocated.
    /// - Complexity: O(*n*) for the store's *n* subscriptions, to find the one it replaces.
    public func suscribe<Subscriber: StoreSuscriptor>(_ subscriber: Subscriber)
    where Subscriber.SuscribedState == Root {
        attach(SubscriberMember(subscriber), Selection(whole: Root.self), replacing: ObjectIdentifier(subscriber))
    }

    /// Subscribes an object to the part of the state a key path selects. The same as
    /// `observe(select:_:)` with a key path: an `Equatable` part skips repeats.
    ///
    /// Subscribing the object again replaces this subscription.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    /// - Complexity: O(*n*) for the store's *n* subscriptions, to find the one it replaces.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) {
        attach(SubscriberMember(subscriber), Selection(keyPath), replacing: ObjectIdentifier(subscriber))
    }

    /// Subscribes an object to a value computed from the state. The same as
    /// `observe(select:_:)` with a closure: an `Equatable` value skips repeats.
    ///
    /// Subscribing the object again replaces this subscription.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    /// - Complexity: O(*n*) for the store's *n* subscriptions, to find the one it replaces.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) {
        attach(SubscriberMember(subscriber), Selection(select), replacing: ObjectIdentifier(subscriber))
    }

    /// Stops notifying a subscriber: its subscription to this store ends.
    ///
    /// Safe to call from inside a notification, including the subscriber's own `update`: once
    /// this returns on the notifying thread, the subscriber is not called again.
    ///
    /// - Parameter subscriber: The object to stop notifying.
    /// - Complexity: O(*n*) for *n* subscriptions.
    public func unsuscribe(_ subscriber: AnyObject) {
        let identifier = ObjectIdentifier(subscriber)
        removeMembers { $0.subscriberIdentifier == identifier }
    }

    /// Subscribes an object through a ReSwift subscription, ReSwift's `subscribe(_:transform:)`.
    ///
    /// ```swift
    /// store.subscribe(label) { $0.select { $0.counter } }
    /// store.subscribe(title) { $0.select(\.settings).skipRepeats { $0.title == $1.title } }
    /// ```
    ///
    /// As in ReSwift: subscribing the object again replaces its earlier subscription; it gets
    /// the current selection at once; then, after every applied action, the subscription's stages
    /// see the selection of the state before the action and after it, and `skipRepeats`,
    /// `skip(when:)` and `only(when:)` decide from that pair whether the subscriber hears of it.
    /// When the selected type is `Equatable`, repeats are skipped without asking, unless the store
    /// was made with `automaticallySkipsRepeats: false`.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - transform: Builds the subscription from one of the whole state; called once, now.
    /// - Complexity: O(*n*) for the store's *n* subscriptions, to find the one it replaces; per
    ///   action, the work of the subscription's stages.
    public func subscribe<Subscriber: StoreSubscriber, Selected>(
        _ subscriber: Subscriber, transform: (Subscription<Root>) -> Subscription<Selected>
    ) where Subscriber.SuscribedState == Selected {
        let source = Subscription<Root>(log: SubscriptionLog())
        var selected = transform(source)
        if automaticallySkipsRepeats, let isRepeat = repeatCheck(Selected.self) {
            selected = selected.skipping(where: isRepeat)
        }
        for message in source.log.messages {
            issueReporter.report(ReduxIssue(.misuse, "\(Subscriber.self): \(message)"))
        }
        attach(
            SubscriptionMember(subscriber, source: source, end: selected), Selection(whole: Root.self),
            replacing: ObjectIdentifier(subscriber))
    }

    /// English spelling of ``unsuscribe(_:)``.
    ///
    /// - Parameter subscriber: The object to stop notifying.
    public func unsubscribe(_ subscriber: AnyObject) {
        unsuscribe(subscriber)
    }
}

/// ReSwift's subscription: what a subscriber object is told of, built in
/// `subscribe(_:transform:)` from a subscription of the whole state.
///
/// ```swift
/// store.subscribe(label) { $0.select { $0.counter }.skipRepeats() }
/// ```
///
/// Each stage sees pairs of values: the selection of the state before an action and after it
/// (before the first, none). `select` maps both; `skipRepeats`, `skip(when:)` and `only(when:)`
/// let a pair through or not. The first value, given when the object subscribes, always passes.
///
/// Not `Sendable`: a subscription is built once, in `transform`, and then belongs to the store,
/// which runs its stages one action at a time. (Where Combine is imported too and the type is
/// spelled out, write `ReduxStore.Subscription`; in `transform` it is inferred.)
public final class Subscription<Value> {
    /// Where misuse noticed while the subscription is built is recorded, for the store to report.
    let log: SubscriptionLog
    /// Where the pairs that pass this stage go: the next stage, or the subscriber. Set when the
    /// next stage is built (or the subscription is attached); then only read, by the thread that
    /// notifies the store's subscribers.
    var forward: ((_ old: Value?, _ new: Value) -> Void)?

    init(log: SubscriptionLog) {
        self.log = log
    }

    /// Passes a pair of values through this stage and the ones after it.
    func send(_ old: Value?, _ new: Value) {
        forward?(old, new)
    }

    /// A subscription of a value computed from this one's.
    ///
    /// - Parameter selector: Computes the value, from a closure or a key path (`\.counter`).
    /// - Returns: The subscription of the computed value.
    public func select<Selected>(_ selector: @escaping @Sendable (Value) -> Selected) -> Subscription<Selected> {
        let next = Subscription<Selected>(log: log)
        forward = { old, new in next.send(old.map(selector), selector(new)) }
        return next
    }

    /// A subscription that skips a value when it repeats the one before it.
    ///
    /// Without a comparison, `==` is used; a value that is not `Equatable` then needs one, and
    /// its absence is reported when the subscription is made (nothing is skipped).
    ///
    /// - Parameter isRepeat: Given the value before an action and after it, whether the new one
    ///   is a repeat to skip.
    /// - Returns: The filtered subscription.
    public func skipRepeats(_ isRepeat: (@Sendable (Value, Value) -> Bool)? = nil) -> Subscription<Value> {
        guard let check = isRepeat ?? repeatCheck(Value.self) else {
            log.record(
                "skipRepeats() needs a comparison for \(Value.self), which is not Equatable; pass one "
                    + "(skipRepeats { $0.id == $1.id }) or make it Equatable. Nothing is skipped.")
            return self
        }
        return skipping(where: check)
    }

    /// A subscription that skips a value when a condition holds; the same as
    /// ``skipRepeats(_:)`` with a comparison.
    ///
    /// - Parameter when: Given the value before an action and after it, whether to skip the new one.
    /// - Returns: The filtered subscription.
    public func skip(when: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool) -> Subscription<Value> {
        skipping(where: when)
    }

    /// A subscription that lets a value through only when a condition holds.
    ///
    /// - Parameter when: Given the value before an action and after it, whether to pass the new one.
    /// - Returns: The filtered subscription.
    public func only(when: @escaping @Sendable (_ old: Value, _ new: Value) -> Bool) -> Subscription<Value> {
        skipping { !when($0, $1) }
    }

    /// The stage behind `skipRepeats`, `skip(when:)` and `only(when:)`.
    func skipping(where isRepeat: @escaping (Value, Value) -> Bool) -> Subscription<Value> {
        let next = Subscription<Value>(log: log)
        forward = { old, new in
            if let old, isRepeat(old, new) { return }
            next.send(old, new)
        }
        return next
    }
}

// MARK: Observable state (VISPER-Redux)

extension Store {
    /// The state as VISPER-Redux's observable property: `store.observableState.value`.
    public var observableState: ObservableState<Root> {
        ObservableState(StoreSelection(self, select: { $0 }, isWholeState: true))
    }
}

/// A read-only view of a store's state that can be observed: VISPER-Redux's
/// `ObservableProperty`, forwarding to ``Store/observe(_:)``.
///
/// ```swift
/// let bag = SubscriptionReferenceBag()
/// let reference = store.observableState.subscribe { state in print(state.user.userName) }
/// bag.addReference(reference: reference)
/// print(store.observableState.value.user.userName)
/// ```
///
/// `subscribe` calls the closure at once with the current value, as VISPER's does, and keeps
/// calling it while the store lives, until the returned reference is cancelled or the
/// ``SubscriptionReferenceBag`` holding it goes away: a reference that is simply dropped does not
/// end it. The whole state is delivered after every applied action, like `observe(_:)`; a view
/// made with `map` is observed like `observe(select:_:)` with the same closure, so an `Equatable`
/// value skips repeats.
public struct ObservableState<Value>: Sendable {
    private let source: ObservableSource<Value>

    init(_ source: ObservableSource<Value>) {
        self.source = source
    }

    /// The current value.
    public var value: Value { source.value }

    /// Calls a closure with the current value now and after every applied action (for a mapped
    /// `Equatable` value, after every action that changed it), while the store lives.
    ///
    /// - Parameter onChange: Called on the thread that applied the action.
    /// - Returns: The reference that ends the subscription when cancelled; keep it in a
    ///   ``SubscriptionReferenceBag`` to end it with the bag. Dropping it does not end it.
    @discardableResult
    public func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> ObservationToken {
        source.observe(onChange)
    }

    /// A view of a value derived from this one.
    ///
    /// - Parameter transform: Derives the new value.
    /// - Returns: An observable view of the derived value.
    public func map<Derived>(_ transform: @escaping @Sendable (Value) -> Derived) -> ObservableState<Derived> {
        ObservableState<Derived>(source.map(transform))
    }
}

/// Holds subscription references and ends their subscriptions when it goes away, VISPER-Redux
/// style.
public final class SubscriptionReferenceBag: Sendable {
    private let references = LockedValue<[ObservationToken]>([])

    /// Creates an empty bag.
    public init() {}

    deinit {
        for reference in references.withLock({ $0 }) {
            reference.cancel()
        }
    }

    /// Keeps a subscription until the bag is deallocated, then ends it.
    ///
    /// - Parameter reference: The reference returned by `subscribe`.
    public func addReference(reference: ObservationToken) {
        references.withLock { $0.append(reference) }
    }
}
