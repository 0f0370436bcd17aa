internal import ReduxCore

/// The action that carries an async reducer's change back into the store.
///
/// The store dispatches one when an ``AsyncActionReducer`` is done. It passes the middleware like
/// any action; the registry applies `change` to the sub-state at `slot` before running any
/// reducer registered there, so the change lands with no registration of its own.
package struct AsyncReducerResult<Substate>: Action {
    /// Where the change applies: the slot the async reducer was registered in.
    package let slot: ObjectIdentifier
    /// The type of the async reducer that produced it, for diagnostics and tests.
    package let reducerType: Any.Type
    /// The change to make to the then-current sub-state.
    package let change: @Sendable (inout Substate) -> Void

    package init(slot: ObjectIdentifier, reducerType: Any.Type, change: @escaping @Sendable (inout Substate) -> Void) {
        self.slot = slot
        self.reducerType = reducerType
        self.change = change
    }
}

/// Lets the registry and ReduxTesting recognise an ``AsyncReducerResult`` whatever its state type.
package protocol AsyncResultCarrier {
    /// The type of the state the change applies to.
    var resultType: Any.Type { get }
    /// The slot the change applies to.
    var slot: ObjectIdentifier { get }
    /// The async reducer that produced it.
    var reducerType: Any.Type { get }
}

extension AsyncReducerResult: AsyncResultCarrier {
    package var resultType: Any.Type { Substate.self }
}

/// Hands an async reducer's change to the store that started it, once.
///
/// The store makes one per started async reducer (see ``ReductionSink``); both forms of
/// ``AsyncActionReducer`` end in it.
package final class AsyncDelivery<Substate>: Sendable {
    private let deliver: @Sendable (_ change: @escaping @Sendable (inout Substate) -> Void) -> Void

    /// - Parameter deliver: Sends a change into the store; reports any call after the first.
    package init(_ deliver: @escaping @Sendable (_ change: @escaping @Sendable (inout Substate) -> Void) -> Void) {
        self.deliver = deliver
    }

    /// Applies a change to the then-current state.
    package func apply(_ change: @escaping @Sendable (inout Substate) -> Void) {
        deliver(change)
    }

}

extension AsyncDelivery where Substate: Sendable {
    /// Replaces the state with a value (VISPER's completion).
    package func replace(with value: Substate) {
        apply { $0 = value }
    }
}

/// The delivery the store prepared for the async reducer it is starting, when `provider` is that
/// store's reduction context.
func startingDelivery<Substate>(_ provider: any ReducerProvider, _: Substate.Type) -> AsyncDelivery<Substate>? {
    (provider as? ReductionContext)?.startingDelivery as? AsyncDelivery<Substate>
}
