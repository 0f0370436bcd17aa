import ReduxCore

/// One sub-state of a composite state, named by its key path, for ``reduceSubstates(_:)``.
///
/// ```swift
/// let appReducer = reduceSubstates(Substate(\AppState.user), Substate(\.todos))
/// ```
public struct Substate<Root>: Sendable {
    /// Reduces the sub-state in place inside the root.
    let reduce: @Sendable (_ provider: any ReducerProvider, _ action: any Action, _ root: inout Root) -> Void

    /// Names a sub-state by the key path that leads to it.
    ///
    /// - Parameter keyPath: Where the sub-state lives in the root state.
    public init<Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        reduce = { provider, action, root in provider.reduce(action, &root[keyPath: keyPath]) }
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
    { provider, action, root in
        for substate in substates {
            substate.reduce(provider, action, &root)
        }
        provider.reduce(action, &root)
    }
}
