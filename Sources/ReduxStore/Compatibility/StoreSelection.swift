internal import ReduxCore

/// What an ``ObservableState`` views, without the store's root type in its own.
///
/// - Note: `@unchecked Sendable`: it has no state; its one subclass holds only immutable
///   `Sendable` values.
class ObservableSource<Value>: @unchecked Sendable {
    var value: Value { preconditionFailure("ReduxStore: ObservableSource.value must be overridden") }

    /// Starts an observation that lasts while the store lives, or until its token is cancelled:
    /// VISPER-Redux's lifetime, in which dropping the reference does not end the subscription.
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
        guard isWholeState else {
            return store.observe(ClosureMember(onChange), Selection(select), cancelsOnRelease: false)
        }
        let select = select
        return store.observe(
            ClosureMember { onChange(select($0)) }, Selection(whole: Root.self), cancelsOnRelease: false)
    }

    override func map<Derived>(_ transform: @escaping @Sendable (Value) -> Derived) -> ObservableSource<Derived> {
        let select = select
        return StoreSelection<Root, Derived>(store, select: { transform(select($0)) }, isWholeState: false)
    }
}
