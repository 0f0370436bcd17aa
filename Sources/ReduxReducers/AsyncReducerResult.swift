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
/// kept with its sub-state type erased, and `resultType` says which type it changes.
///
/// One reference wide: what it carries lives in an object of its own, so the action fits in an
/// `any Action` without a box, and each landing step that opens it copies a reference, not five
/// words through value witnesses (B7).
struct AsyncReducerResult: Action {
    /// A change to a `Substate`, in a structure: its closure is kept with the same representation
    /// whatever `Substate` is, so a `Change<Substate>` and a `Change<Never>` have the same bits
    /// (a closure passed as a generic value would be reabstracted, through a thunk of its own).
    struct Change<Substate>: Sendable {
        let body: @Sendable (inout Substate) -> Void
    }

    /// What the change carries.
    ///
    /// The change is kept as the closure the work handed back, with its sub-state type erased
    /// (`Change<Never>`), and given back its type by the landing step, which checks `resultType`
    /// first: wrapping it in a closure over the sub-state's address allocated that closure's
    /// context for every change.
    private final class Carried: Sendable {
        let slot: ObjectIdentifier
        let reducerType: Any.Type
        let resultType: Any.Type
        /// The change, as a `Change<resultType>` (never called as a `Change<Never>`).
        let change: Change<Never>

        init(slot: ObjectIdentifier, reducerType: Any.Type, resultType: Any.Type, change: Change<Never>) {
            self.slot = slot
            self.reducerType = reducerType
            self.resultType = resultType
            self.change = change
        }
    }

    private let carried: Carried

    /// Where the change applies: the slot the async reducer was registered in.
    var slot: ObjectIdentifier { carried.slot }
    /// The type of the async reducer that produced it, for diagnostics and tests.
    var reducerType: Any.Type { carried.reducerType }
    /// The type of the sub-state the change applies to.
    var resultType: Any.Type { carried.resultType }

    /// A change to a `Substate`.
    init<Substate>(slot: ObjectIdentifier, reducerType: Any.Type, change: @escaping @Sendable (inout Substate) -> Void)
    {
        // Sound: a `Change` has the same layout whatever its sub-state (one closure, whose
        // representation does not depend on it); it is given back its type before it is called.
        carried = Carried(
            slot: slot, reducerType: reducerType, resultType: Substate.self,
            change: unsafeBitCast(Change(body: change), to: Change<Never>.self))
    }

    /// Makes the change to the sub-state at `state`, a `Substate`, which must be `resultType`.
    ///
    /// - Parameter state: The address of the sub-state to change.
    @inline(__always)
    func land<Substate>(on state: UnsafeMutablePointer<Substate>) {
        // Sound: the change was made for a `resultType`, which the caller checked is `Substate`.
        unsafeBitCast(carried.change, to: Change<Substate>.self).body(&state.pointee)
    }

    /// Makes the change to `state`, which must be a `resultType`.
    ///
    /// - Parameter state: The sub-state to change.
    func apply<Substate>(to state: inout Substate) {
        precondition(Substate.self == resultType, "ReduxReducers: a change applied to a sub-state of another type")
        withUnsafeMutablePointer(to: &state) { land(on: $0) }
    }
}

extension AsyncReducerResult: AsyncResultCarrier {}
