import ReduxCore

/// A read-only view of a store's state that can be observed: VISPER-Redux's
/// `ObservableProperty`, kept so that code written for it ports unchanged.
///
/// ```swift
/// let bag = SubscriptionReferenceBag()
/// let reference = store.observableState.subscribe { state in print(state.user.userName) }
/// bag.addReference(reference: reference)
/// print(store.observableState.value.user.userName)
/// ```
///
/// Unlike VISPER's property, `subscribe` calls the closure at once with the current value, like
/// every observation in this framework.
public struct ObservableState<Value>: Sendable {
    private let read: @Sendable () -> Value
    private let observe: @Sendable (_ onChange: @escaping @Sendable (Value) -> Void) -> ObservationToken

    init(
        read: @escaping @Sendable () -> Value,
        observe: @escaping @Sendable (_ onChange: @escaping @Sendable (Value) -> Void) -> ObservationToken
    ) {
        self.read = read
        self.observe = observe
    }

    /// The current value.
    public var value: Value { read() }

    /// Calls a closure with the current value now and after every applied action.
    ///
    /// - Parameter onChange: Called on the thread that applied the action.
    /// - Returns: The reference that keeps the subscription alive; keep it in a
    ///   ``SubscriptionReferenceBag``.
    public func subscribe(_ onChange: @escaping @Sendable (Value) -> Void) -> SubscriptionReference {
        observe(onChange)
    }

    /// A view of a value derived from this one.
    ///
    /// - Parameter transform: Derives the new value.
    /// - Returns: An observable view of the derived value.
    public func map<Derived>(_ transform: @escaping @Sendable (Value) -> Derived) -> ObservableState<Derived> {
        let read = self.read
        let observe = self.observe
        return ObservableState<Derived>(
            read: { transform(read()) },
            observe: { onChange in observe { onChange(transform($0)) } })
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
