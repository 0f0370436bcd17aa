public import ReduxCore
internal import ReduxShared

// ReduxSample's spellings of a store, kept so that its code ports unchanged; Porting.md lists
// them with what to use instead.

extension Store {
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

// MARK: Subscriber objects (the design card's `suscribe`)

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
}

/// A member backed by a weakly held ``StoreSuscriptor``.
final class SubscriberMember<Subscriber: StoreSuscriptor>: ObservationMember<Subscriber.SuscribedState>,
    @unchecked Sendable
{
    private weak var subscriber: Subscriber?
    private let identifier: ObjectIdentifier

    init(_ subscriber: Subscriber) {
        self.subscriber = subscriber
        identifier = ObjectIdentifier(subscriber)
    }

    override var subscriberIdentifier: ObjectIdentifier? { identifier }

    override var isDead: Bool { subscriber == nil }

    override func deliver(_ value: Subscriber.SuscribedState) -> Bool {
        guard let subscriber else { return false }
        subscriber.update(state: value)
        return true
    }
}
