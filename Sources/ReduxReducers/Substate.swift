import ReduxCore

/// One sub-state of a composite state, named by its key path, for ``reduceSubstates(_:)``.
///
/// ```swift
/// let appReducer = reduceSubstates(Substate(\AppState.user), Substate(\.todos))
/// ```
public struct Substate<Root>: Sendable {
    /// Reduces the sub-state in place inside the root, given the root's address.
    ///
    /// Not generic in its signature, so that ``reduceSubstates(_:)`` can keep these in a plain
    /// array: iterating an array of a generic type in unspecialised code costs a runtime metadata
    /// look-up per action.
    let reduce:
        @Sendable (_ provider: any ReducerProvider, _ action: any Action, _ root: UnsafeMutableRawPointer) -> Void

    /// Names a sub-state by the key path that leads to it.
    ///
    /// - Parameter keyPath: Where the sub-state lives in the root state.
    public init<Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else {
            reduce = { provider, action, root in
                provider.reduce(action, &root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath])
            }
            return
        }
        // A stored property of a struct: address it directly. Applying the key path goes through
        // the runtime (`swift_modifyAtWritableKeyPath`, ~180 instructions per sub-state and action).
        reduce = { provider, action, root in
            provider.reduce(action, &(root + offset).assumingMemoryBound(to: Value.self).pointee)
        }
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
    let reducers = substates.map(\.reduce)
    return { provider, action, root in
        withUnsafeMutablePointer(to: &root) { pointer in
            for reduce in reducers {
                reduce(provider, action, pointer)
            }
        }
        provider.reduce(action, &root)
    }
}
