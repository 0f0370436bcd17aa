public import ReduxCore

// Subscriber objects, the design card's way of watching a store: a `StoreSuscriptor` gets the
// state, or a part of it, after every applied action, held weakly. `observe` does the same with a
// closure.

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
