import ReduxCore

/// One sub-state of a composite state, named by its key path, for ``reduceSubstates(_:)``.
///
/// ```swift
/// let appReducer = reduceSubstates(Substate(\AppState.user), Substate(\.todos))
/// ```
public struct Substate<Root>: Sendable {
    /// How ``reduceSubstates(_:)`` reaches the sub-state.
    let reducer: SubstateReducer

    /// Names a sub-state by the key path that leads to it.
    ///
    /// - Parameter keyPath: Where the sub-state lives in the root state.
    public init<Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        if let offset = MemoryLayout<Root>.offset(of: keyPath) {
            // A stored property of a struct: address it directly. Applying the key path goes
            // through the runtime (`swift_modifyAtWritableKeyPath`, ~180 instructions per sub-state
            // and action).
            reducer = SubstateReducer(Value.self, offset: offset)
        } else {
            reducer = SubstateReducer(Value.self) { provider, action, root in
                provider.reduce(action, &root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath])
            }
        }
    }
}

/// A sub-state as ``reduceSubstates(_:)`` reduces it, given the address of the root.
///
/// Not generic, so that the app reducer keeps these in a plain array: iterating an array of a
/// generic type in unspecialised code costs a runtime metadata look-up per action.
struct SubstateReducer: Sendable {
    /// The sub-state's type; with the action's, the key of its route.
    let stateType: ObjectIdentifier
    /// Where the sub-state starts inside the root, when it is a stored property (0 for the root
    /// itself); nil when only `reduce` can reach it.
    let offset: Int?
    /// Reduces the sub-state through any provider.
    let reduce:
        @Sendable (_ provider: any ReducerProvider, _ action: any Action, _ root: UnsafeMutableRawPointer) -> Void

    /// A sub-state of type `Value` stored `offset` bytes into the root.
    init<Value>(_: Value.Type, offset: Int) {
        stateType = ObjectIdentifier(Value.self)
        self.offset = offset
        // Sound: a `Value` lives `offset` bytes into the root (`MemoryLayout.offset(of:)`, or 0 for
        // the root itself).
        reduce = { provider, action, root in
            provider.reduce(action, &(root + offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }

    /// A sub-state of type `Value` that only a closure can reach (a computed property, say).
    init<Value>(
        _: Value.Type,
        reduce: @escaping @Sendable (any ReducerProvider, any Action, UnsafeMutableRawPointer) -> Void
    ) {
        stateType = ObjectIdentifier(Value.self)
        offset = nil
        self.reduce = reduce
    }
}

/// Derives the in-place app reducer of a composite state from the key paths of its sub-states.
///
/// Each sub-state is reduced in place, in the order given, then the root itself, so reducers
/// registered on the root type run last and see the reduced sub-states.
///
/// ```swift
/// let store = Store(
///     initialState: AppState(),
///     appReducer: reduceSubstates(Substate(\.game), Substate(\.scoreHistory), Substate(\.settings)))
/// ```
///
/// - Parameter substates: The sub-states to reduce, in order.
/// - Returns: An app reducer for the store.
public func reduceSubstates<Root>(_ substates: Substate<Root>...) -> InPlaceAppReducer<Root> {
    let reducers = substates.map(\.reducer) + [SubstateReducer(Root.self, offset: 0)]
    return { provider, action, root in
        withUnsafeMutablePointer(to: &root) { pointer in
            if let context = storeContext(provider) {
                context.reduce(action, substates: reducers, root: pointer)
            } else {
                for reducer in reducers {
                    reducer.reduce(provider, action, pointer)
                }
            }
        }
    }
}

/// The provider as a store's ``ReductionContext``, when it is one.
private func storeContext(_ provider: any ReducerProvider) -> ReductionContext? {
    opened(provider, as: ReductionContext.self)
}

/// The opened existential's value as `Exact`, when that is the type the existential stores.
///
/// Compares the two types instead of casting (`as?` costs ~110 instructions through the runtime's
/// general cast). For a final class such as `ReductionContext` the stored type is the dynamic
/// type, so no instance is missed.
@inline(__always)
private func opened<Provider: ReducerProvider, Exact>(_ provider: Provider, as _: Exact.Type) -> Exact? {
    guard Provider.self == Exact.self else { return nil }
    // Sound: the two types are the same.
    return unsafeBitCast(provider, to: Exact.self)
}
