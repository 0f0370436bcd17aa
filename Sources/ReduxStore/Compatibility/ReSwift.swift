public import ReduxCore
internal import ReduxShared

// ReSwift's spellings of a store, kept so that its code ports unchanged: a store around one
// reducer function, `StoreType`, and subscribing through a `Subscription`. Each forwards to the
// core store; Porting.md lists them.

extension Store {
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

extension Store {
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
