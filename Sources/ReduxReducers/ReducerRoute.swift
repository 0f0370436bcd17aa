internal import ReduxCore
internal import ReduxShared

/// A registration as the registry stores it: its description, how to match actions, how to run.
struct ReducerEntry<Substate>: Sendable {
    /// The public description (its `order` and `slot` are set when the registry stores it).
    var info: RegisteredReducer
    /// Whether a dispatched action is one this reducer handles.
    let matches: @Sendable (any Action) -> Bool
    /// Whether an action type is one this reducer handles, where the types alone can tell.
    let matchesType: @Sendable (Any.Type) -> Bool
    /// Runs the reducer on a `Substate` behind a raw pointer.
    let step: ReducerStep
    /// The feature type that registered it, when a placed feature did.
    var owner: ObjectIdentifier?

    /// Builds an entry for reducers of `ReducerAction`.
    ///
    /// - Parameter step: Must treat its state pointer as a `Substate`.
    init<ReducerAction>(
        reducerType: Any.Type, actionType: ReducerAction.Type, isAsync: Bool, site: CallSite? = nil,
        step: ReducerStep
    ) {
        info = RegisteredReducer(
            reducerType: reducerType, actionType: actionType, stateType: Substate.self, isAsync: isAsync, order: -1,
            slot: ObjectIdentifier(Substate.self), site: site)
        matches = { $0 is ReducerAction }
        matchesType = { $0 is ReducerAction.Type }
        self.step = step
    }
}

/// The registrations of one slot (a state type, or a feature's place in the root state), in
/// registration order.
///
/// - Note: `@unchecked Sendable`: only read and written under the registry's lock.
final class StateRegistrations<Substate>: @unchecked Sendable, RemovableRegistrations {
    var entries: [ReducerEntry<Substate>] = []

    var isEmpty: Bool { entries.isEmpty }

    func removeEntries(owner: ObjectIdentifier) -> Set<Int> {
        let removed = Set(entries.filter { $0.owner == owner }.map(\.info.order))
        entries.removeAll { $0.owner == owner }
        return removed
    }
}

/// The registrations of a slot, whatever its state type: what removing a feature needs.
protocol RemovableRegistrations: AnyObject {
    /// Whether no registration is left.
    var isEmpty: Bool { get }
    /// Removes a feature type's registrations.
    ///
    /// - Returns: The `order` of each removed registration.
    func removeEntries(owner: ObjectIdentifier) -> Set<Int>
}

/// The reducers that run for one concrete action type on one state type, resolved once and
/// cached by the registry until the next registration.
///
/// Not generic: the state type is part of the cache key, and the steps take the state as a raw
/// pointer, so finding and running a route needs no generic metadata.
final class ReducerRoute: Sendable {
    /// The steps to run, in order.
    let steps: [ReducerStep]
    /// What they are, for introspection.
    let reducers: [RegisteredReducer]

    init(steps: [ReducerStep], reducers: [RegisteredReducer]) {
        self.steps = steps
        self.reducers = reducers
    }
}

/// Runs a route's steps on a state in place, each on the previous one's result.
///
/// - Parameters:
///   - steps: The route's steps, in order.
///   - provider: Handed to the reducers.
///   - context: The store's context, or nil outside a store.
func runSteps<Substate>(
    _ steps: [ReducerStep], _ action: any Action, _ state: inout Substate,
    provider: any ReducerProvider, context: ReductionContext?
) {
    guard !steps.isEmpty else { return }
    // Every step was registered for exactly `Substate` (the route is keyed by it), so each one
    // binds the pointer to the type it really points to.
    withUnsafeMutablePointer(to: &state) { pointer in
        runSteps(steps, action, at: pointer, provider: provider, context: context)
    }
}

/// Runs a route's steps, each on the previous one's result, on the state at `state`, which
/// must have the route's state type.
@inline(__always)
func runSteps(
    _ steps: [ReducerStep], _ action: any Action, at state: UnsafeMutableRawPointer,
    provider: any ReducerProvider, context: ReductionContext?
) {
    for step in steps {
        step.run(provider, action, state, context)
    }
}
