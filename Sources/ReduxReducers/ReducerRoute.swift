package import ReduxCore

/// One step of a reduction: a registered reducer adapted to in-place form on `Substate`.
///
/// `context` is nil when the container reduces on its own, outside any store.
package typealias ReducerStep<Substate> =
    @Sendable (
        _ provider: any ReducerProvider, _ action: any Action, _ state: inout Substate, _ context: ReductionContext?
    ) -> Void

/// A registration as the registry stores it: its description, how to match actions, how to run.
package struct ReducerEntry<Substate>: Sendable {
    /// The public description (its `order` is set when the registry stores it).
    package var info: RegisteredReducer
    /// Whether a dispatched action is one this reducer handles.
    package let matches: @Sendable (any Action) -> Bool
    /// Whether an action type is one this reducer handles, where the types alone can tell.
    package let matchesType: @Sendable (Any.Type) -> Bool
    /// Runs the reducer.
    package let step: ReducerStep<Substate>

    /// Builds an entry for reducers of `ReducerAction`.
    package init<ReducerAction>(
        reducerType: Any.Type, actionType: ReducerAction.Type, kind: RegisteredReducer.Kind,
        step: @escaping ReducerStep<Substate>
    ) {
        info = RegisteredReducer(
            reducerType: reducerType, actionType: actionType, stateType: Substate.self, kind: kind, order: -1)
        matches = { $0 is ReducerAction }
        matchesType = { $0 is ReducerAction.Type }
        self.step = step
    }
}

/// The registrations of one state type, in registration order.
///
/// - Note: `@unchecked Sendable`: only read and written under the registry's lock.
final class StateRegistrations<Substate>: @unchecked Sendable {
    var entries: [ReducerEntry<Substate>] = []
}

/// The reducers that run for one concrete action type on one state type, resolved once and
/// cached by the registry until the next registration.
final class ReducerRoute<Substate>: Sendable {
    /// The steps to run, in order.
    let steps: [ReducerStep<Substate>]
    /// What they are, for introspection.
    let reducers: [RegisteredReducer]

    init(steps: [ReducerStep<Substate>], reducers: [RegisteredReducer]) {
        self.steps = steps
        self.reducers = reducers
    }
}

/// The cache key of a route: the dispatched action's concrete type and the reduced state type.
struct RouteKey: Hashable {
    let action: ObjectIdentifier
    let state: ObjectIdentifier
}

/// Lets the registry recognise an ``AsyncReducerResultAction`` whatever its state type.
protocol AsyncResultCarrier {
    /// The type of the value carried.
    var resultType: Any.Type { get }
    /// The value carried.
    var anyNewState: Any { get }
}

extension AsyncReducerResultAction: AsyncResultCarrier {
    var resultType: Any.Type { Substate.self }
    var anyNewState: Any { newState }
}
