internal import ReduxCore

/// A subscriber object notified through a ReSwift ``Subscription``, for `subscribe(_:transform:)`.
///
/// It watches the whole state, after every action, and feeds the pair (the state it was last
/// given, the new one) to the subscription's first stage; the last stage calls the subscriber.
///
/// - Note: `@unchecked Sendable`: `previous` and the subscription's stages are only used by the
///   thread that notifies the store's observers, one action at a time; the subscriber is a weak
///   reference, which is safe to load from any thread.
final class SubscriptionMember<Subscriber: StoreSuscriptor, Root>: ObservationMember<Root>, @unchecked Sendable {
    private weak var subscriber: Subscriber?
    private let identifier: ObjectIdentifier
    private let source: Subscription<Root>
    /// The state the member was last given: the old half of the next pair; nil before the first.
    private var previous: Root?

    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - source: The subscription of the whole state that `transform` was given.
    ///   - end: The subscription `transform` returned; what passes it reaches the subscriber.
    init(_ subscriber: Subscriber, source: Subscription<Root>, end: Subscription<Subscriber.SuscribedState>) {
        self.subscriber = subscriber
        identifier = ObjectIdentifier(subscriber)
        self.source = source
        super.init()
        end.forward = { [weak subscriber] _, new in subscriber?.update(state: new) }
    }

    override var subscriberIdentifier: ObjectIdentifier? { identifier }

    override var isDead: Bool { subscriber == nil }

    override func deliver(_ state: Root) -> Bool {
        guard subscriber != nil else { return false }
        let old = previous
        previous = state
        source.send(old, state)
        return true
    }
}

/// The misuse noticed while a ``Subscription`` is built, for the store to report once it has the
/// subscription.
///
/// - Note: `@unchecked Sendable`: only the thread that calls `subscribe(_:transform:)` touches it.
final class SubscriptionLog: @unchecked Sendable {
    private(set) var messages: [String] = []

    func record(_ message: String) {
        messages.append(message)
    }
}
