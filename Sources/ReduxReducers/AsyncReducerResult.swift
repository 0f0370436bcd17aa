internal import ReduxCore
internal import ReduxShared

/// The action that carries a change an effect handed back (``EffectContext/update(_:fileID:line:)``) into the
/// store.
///
/// It passes the middleware like any action; the registry applies the change to the sub-state at
/// `slot` before running any reducer registered there, so the change lands with no registration
/// of its own.
///
/// Not generic over the sub-state: a generic action's type is looked up in the runtime's cache
/// each time one is made in the effect's unspecialised code (B7, Performance.md). The change is
/// kept as a closure over the sub-state's address, and `resultType` says which type lives there.
struct AsyncReducerResult: Action {
    /// Where the change applies: the slot the async reducer was registered in.
    let slot: ObjectIdentifier
    /// The type of the async reducer that produced it, for diagnostics and tests.
    let reducerType: Any.Type
    /// The type of the sub-state the change applies to.
    let resultType: Any.Type
    /// Makes the change to the then-current sub-state, at the address given, which holds a
    /// `resultType`.
    let land: @Sendable (_ state: UnsafeMutableRawPointer) -> Void

    /// A change to a `Substate`.
    init<Substate>(slot: ObjectIdentifier, reducerType: Any.Type, change: @escaping @Sendable (inout Substate) -> Void)
    {
        self.slot = slot
        self.reducerType = reducerType
        resultType = Substate.self
        // Sound: `land` is only called with the address of a `resultType`, which is `Substate`.
        land = { state in change(&state.assumingMemoryBound(to: Substate.self).pointee) }
    }

    /// Makes the change to `state`, which must be a `resultType`.
    ///
    /// - Parameter state: The sub-state to change.
    func apply<Substate>(to state: inout Substate) {
        precondition(Substate.self == resultType, "ReduxReducers: a change applied to a sub-state of another type")
        withUnsafeMutablePointer(to: &state) { land($0) }
    }
}

extension AsyncReducerResult: AsyncResultCarrier {}
