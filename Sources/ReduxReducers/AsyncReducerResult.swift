internal import ReduxCore
internal import ReduxShared

/// The action that carries a change an effect handed back (``EffectContext/update(_:fileID:line:)``) into the
/// store.
///
/// It passes the middleware like any action; the registry applies `change` to the sub-state at
/// `slot` before running any reducer registered there, so the change lands with no registration
/// of its own.
struct AsyncReducerResult<Substate>: Action {
    /// Where the change applies: the slot the async reducer was registered in.
    let slot: ObjectIdentifier
    /// The type of the async reducer that produced it, for diagnostics and tests.
    let reducerType: Any.Type
    /// The change to make to the then-current sub-state.
    let change: @Sendable (inout Substate) -> Void

    init(slot: ObjectIdentifier, reducerType: Any.Type, change: @escaping @Sendable (inout Substate) -> Void) {
        self.slot = slot
        self.reducerType = reducerType
        self.change = change
    }
}

extension AsyncReducerResult: AsyncResultCarrier {
    var resultType: Any.Type { Substate.self }
}

/// A change as the registry's landing step applies it, whatever its state type: its place, and
/// the change made to a state behind a raw pointer.
protocol LandableChange: Action {
    /// The place whose async reducer started the work.
    var slot: ObjectIdentifier { get }

    /// Applies the change to the state at `state`, which must be of the change's state type.
    func land(on state: UnsafeMutableRawPointer)
}

extension AsyncReducerResult: LandableChange {
    func land(on state: UnsafeMutableRawPointer) {
        change(&state.assumingMemoryBound(to: Substate.self).pointee)
    }
}
