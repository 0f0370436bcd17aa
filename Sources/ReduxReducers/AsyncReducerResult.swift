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
///
/// One reference wide: what it carries lives in an object of its own, so the action fits in an
/// `any Action` without a box, and each landing step that opens it copies a reference, not five
/// words through value witnesses (B7).
struct AsyncReducerResult: Action {
    /// What the change carries.
    private final class Carried: Sendable {
        let slot: ObjectIdentifier
        let reducerType: Any.Type
        let resultType: Any.Type
        let land: @Sendable (_ state: UnsafeMutableRawPointer) -> Void

        init(
            slot: ObjectIdentifier, reducerType: Any.Type, resultType: Any.Type,
            land: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
        ) {
            self.slot = slot
            self.reducerType = reducerType
            self.resultType = resultType
            self.land = land
        }
    }

    private let carried: Carried

    /// Where the change applies: the slot the async reducer was registered in.
    var slot: ObjectIdentifier { carried.slot }
    /// The type of the async reducer that produced it, for diagnostics and tests.
    var reducerType: Any.Type { carried.reducerType }
    /// The type of the sub-state the change applies to.
    var resultType: Any.Type { carried.resultType }
    /// Makes the change to the then-current sub-state, at the address given, which holds a
    /// `resultType`.
    var land: @Sendable (_ state: UnsafeMutableRawPointer) -> Void { carried.land }

    /// A change to a `Substate`.
    init<Substate>(slot: ObjectIdentifier, reducerType: Any.Type, change: @escaping @Sendable (inout Substate) -> Void)
    {
        // Sound: `land` is only called with the address of a `resultType`, which is `Substate`.
        carried = Carried(slot: slot, reducerType: reducerType, resultType: Substate.self) { state in
            change(&state.assumingMemoryBound(to: Substate.self).pointee)
        }
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
