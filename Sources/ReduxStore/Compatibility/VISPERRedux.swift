public import ReduxCore
public import ReduxReducers
internal import ReduxShared

// VISPER-Redux's spellings of a store, kept so that its code ports unchanged. Each forwards to the
// core store; Docs/Decisions/0010 says how they behave where VISPER-Redux differs from the core,
// and Porting.md lists them.

extension Store {
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

    /// The container the store's reducers are registered in, VISPER-Redux's `reducerContainer`.
    ///
    /// For a store built from features it is a container for the root state: register reducers
    /// of a sub-state through a feature placed at that sub-state (`store.add(feature.at(\.part))`).
    /// A registration whose types look swapped (VISPER's `FunctionalReducer<State, Action>`
    /// order) is reported.
    public var reducerContainer: any ReducerContainer { exposedContainer }

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

/// Turns a value-returning app reducer (VISPER's form) into the in-place form the store applies.
func inPlace<Root>(_ reducer: @escaping AppReducer<Root>) -> InPlaceAppReducer<Root> {
    { provider, action, state in state = reducer(provider, action, state) }
}
