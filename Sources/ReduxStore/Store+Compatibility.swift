public import ReduxCore
public import ReduxReducers

// Spellings from VISPER-Redux, ReduxSample and ReSwift, kept so that their code ports unchanged.
// Each is a thin forward to the core API (a store built from features, `observe`); Docs/Porting.md
// lists them all.

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
        self.init(
            initialState: initialState, appReducer: appReducer, container: reducerContainer, middleware: middleware,
            issueReporter: issueReporter)
    }

    /// Creates a store around a value-returning app reducer, VISPER-Redux's form.
    ///
    /// The reducer's result is assigned back to the store's state; building a new root value
    /// copies the sub-states.
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

    /// The container the store's reducers are registered in, VISPER-Redux's `reducerContainer`.
    ///
    /// For a store built from features it is a container for the root state: register reducers
    /// of a sub-state through a feature placed at that sub-state (`store.add(feature.at(\.part))`).
    public var reducerContainer: any ReducerContainer { exposedContainer }

    /// Returns the current state; the same as ``state``, ReduxSample's spelling.
    ///
    /// - Returns: A copy of the current state.
    public func getState() -> Root {
        state
    }

    /// ReduxSample's spelling of `dispatch(_:)`.
    ///
    /// - Parameter action: The action to apply.
    public func dispatch(action: any Action) {
        dispatch(action)
    }

    /// Replaces the app reducer; actions applied from now on use the new one.
    ///
    /// - Parameter appReducer: The new in-place app reducer.
    public func replaceReducer(_ appReducer: @escaping InPlaceAppReducer<Root>) {
        lock.withLock {
            self.appReducer = appReducer
            reducesPlacedFeatures = false
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
    /// Like a store made with ``init(reducer:state:middleware:)``, the store stops reporting
    /// unhandled actions, since it no longer consults registered reducers.
    ///
    /// - Parameter reducer: Returns the next state for an action and the current state.
    public func replaceReducer(reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root) {
        lock.withLock {
            appReducer = { _, action, current in current = reducer(action, current) }
            reducesPlacedFeatures = false
            placedSubstates = nil
            reportsUnhandledActions = false
        }
    }
}

/// The action a ReSwift-style store passes to its reducer, with a nil state, to make the
/// initial state.
public struct StoreInitAction: Action {}

/// What every store offers, ReSwift's `StoreType`: the current state and a way to change it.
///
/// ``Store`` conforms. Depend on it (or only on `ActionDispatcher`) where code should not care
/// which store it talks to, for instance a test double.
public protocol StoreType<StoreState>: ActionDispatcher, AnyObject {
    /// The type of the root state.
    associatedtype StoreState: State

    /// The current state: a copy, safe to keep and to read from any thread.
    var state: StoreState { get }
}

extension Store: StoreType {}

/// The name middleware's second argument had before 1.0: the store itself now.
public typealias MiddlewareContext<Root: State> = Store<Root>

// MARK: Subscriber objects (the design card, ReduxSample, ReSwift)

extension Store {
    /// Subscribes an object to the whole state: it gets the current state now, then one update
    /// per applied action. The same as ``observe(_:)``, with the subscriber held weakly.
    ///
    /// - Parameter subscriber: The object to notify; dropped once it is deallocated.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(_ subscriber: Subscriber)
    where Subscriber.SuscribedState == Root {
        attach(SubscriberMember(subscriber), Selection(whole: Root.self))
    }

    /// Subscribes an object to the part of the state a key path selects. The same as
    /// `observe(select:_:)` with a key path: an `Equatable` part skips repeats.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) {
        attach(SubscriberMember(subscriber), Selection(keyPath))
    }

    /// Subscribes an object to a value computed from the state. The same as
    /// `observe(select:_:)` with a closure: an `Equatable` value skips repeats.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) {
        attach(SubscriberMember(subscriber), Selection(select))
    }

    /// Stops notifying a subscriber: every subscription it made to this store ends.
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

    /// English spelling of ``suscribe(_:)``.
    ///
    /// - Parameter subscriber: The object to notify; held weakly.
    public func subscribe<Subscriber: StoreSubscriber>(_ subscriber: Subscriber)
    where Subscriber.SuscribedState == Root {
        suscribe(subscriber)
    }

    /// English spelling of `suscribe(_:select:)` with a key path.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    public func subscribe<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) {
        suscribe(subscriber, select: keyPath)
    }

    /// English spelling of `suscribe(_:select:)` with a closure.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    public func subscribe<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) {
        suscribe(subscriber, select: select)
    }

    /// English spelling of ``unsuscribe(_:)``.
    ///
    /// - Parameter subscriber: The object to stop notifying.
    public func unsubscribe(_ subscriber: AnyObject) {
        unsuscribe(subscriber)
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
/// `subscribe` calls the closure at once with the current value, as VISPER's does. The whole
/// state is delivered after every applied action, like `observe(_:)`; a view made with `map` is
/// observed like `observe(select:_:)` with the same closure, so an `Equatable` value skips
/// repeats.
public struct ObservableState<Value>: Sendable {
    private let source: ObservableSource<Value>

    init(_ source: ObservableSource<Value>) {
        self.source = source
    }

    /// The current value.
    public var value: Value { source.value }

    /// Calls a closure with the current value now and after every applied action (for a mapped
    /// `Equatable` value, after every action that changed it).
    ///
    /// - Parameter onChange: Called on the thread that applied the action.
    /// - Returns: The reference that keeps the subscription alive; keep it in a
    ///   ``SubscriptionReferenceBag``.
    public func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SubscriptionReference {
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

/// What an ``ObservableState`` views, without the store's root type in its own.
///
/// - Note: `@unchecked Sendable`: it has no state; its one subclass holds only immutable
///   `Sendable` values.
class ObservableSource<Value>: @unchecked Sendable {
    var value: Value { preconditionFailure("ReduxStore: ObservableSource.value must be overridden") }

    func observe(_ onChange: @escaping @Sendable (Value) -> Void) -> ObservationToken {
        preconditionFailure("ReduxStore: ObservableSource.observe must be overridden")
    }

    func map<Derived>(_ transform: @escaping @Sendable (Value) -> Derived) -> ObservableSource<Derived> {
        preconditionFailure("ReduxStore: ObservableSource.map must be overridden")
    }
}

/// A store's whole state, or a value selected from it, watched through the store's one
/// observation path.
final class StoreSelection<Root: State, Value>: ObservableSource<Value>, @unchecked Sendable {
    private let store: Store<Root>
    private let select: @Sendable (Root) -> Value
    /// Whether `select` is the identity: then every action is delivered, as by `observe(_:)`.
    private let isWholeState: Bool

    init(_ store: Store<Root>, select: @escaping @Sendable (Root) -> Value, isWholeState: Bool) {
        self.store = store
        self.select = select
        self.isWholeState = isWholeState
    }

    override var value: Value { select(store.state) }

    override func observe(_ onChange: @escaping @Sendable (Value) -> Void) -> ObservationToken {
        guard isWholeState else { return store.observe(select: select, onChange) }
        let select = select
        return store.observe { onChange(select($0)) }
    }

    override func map<Derived>(_ transform: @escaping @Sendable (Value) -> Derived) -> ObservableSource<Derived> {
        let select = select
        return StoreSelection<Root, Derived>(store, select: { transform(select($0)) }, isWholeState: false)
    }
}

/// VISPER-Redux's name for what keeps a subscription alive: an ``ObservationToken``.
public typealias SubscriptionReference = ObservationToken

/// Holds subscription references for as long as the bag lives, VISPER-Redux style.
public final class SubscriptionReferenceBag: Sendable {
    private let references = LockedValue<[SubscriptionReference]>([])

    /// Creates an empty bag.
    public init() {}

    /// Keeps a subscription alive until the bag is deallocated.
    ///
    /// - Parameter reference: The reference returned by `subscribe`.
    public func addReference(reference: SubscriptionReference) {
        references.withLock { $0.append(reference) }
    }
}
