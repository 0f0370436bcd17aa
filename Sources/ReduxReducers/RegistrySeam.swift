package import ReduxCore

/// What the modules that place features (ReduxFeatures), check routes (ReduxTesting) and name
/// what a feature records (ReduxStore) may do to a ``ReducerRegistry`` beyond its public
/// container API: register, list and remove reducers by slot, a feature's place in the root state
/// (decision 23). Get it from ``ReducerRegistry/slots``.
package protocol RegistrySeam {
    /// Registers a reducer in a slot: its state type, or a feature's place in the root state.
    ///
    /// - Parameters:
    ///   - reducer: The reducer.
    ///   - slot: Where it is filed.
    ///   - owner: The feature type that registered it, for ``removeReducers(slot:owner:)``.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: ActionReducer>(_ reducer: Reducer, slot: ObjectIdentifier, owner: Any.Type?)

    /// Registers an async reducer in a slot; its effect's changes land in the same slot.
    ///
    /// - Parameters:
    ///   - reducer: The reducer.
    ///   - slot: Where it is filed.
    ///   - owner: The feature type that registered it, for ``removeReducers(slot:owner:)``.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: AsyncActionReducer>(_ reducer: Reducer, slot: ObjectIdentifier, owner: Any.Type?)

    /// Removes the reducers a feature registered in a slot.
    ///
    /// - Returns: Whether the feature had any registration there, and whether the slot has none
    ///   left.
    func removeReducers(slot: ObjectIdentifier, owner: Any.Type) -> (removedAny: Bool, slotIsEmpty: Bool)

    /// Every registration, in the order it was made.
    var registeredReducers: [RegisteredReducer] { get }

    /// The slots of the registrations that match, each once, in the order of its first matching
    /// registration.
    ///
    /// - Parameter matches: Whether a registration counts.
    func slots(where matches: (RegisteredReducer) -> Bool) -> [ObjectIdentifier]

    /// The reducers of a slot that match an action type, from the types alone.
    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type, slot: ObjectIdentifier
    ) -> [RegisteredReducer]

    /// The reducers of a slot that run, in order, when this action is reduced there.
    func reducers<Substate>(
        handling action: any Action, on stateType: Substate.Type, slot: ObjectIdentifier
    ) -> [RegisteredReducer]

    /// Runs the reducers of a slot outside any store, with the registry as their provider.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate, slot: ObjectIdentifier)
}

extension ReducerRegistry {
    /// The registry's reducers by slot.
    package var slots: some RegistrySeam {
        RegistrySlots(registry: self)
    }
}

/// A registry's ``RegistrySeam``: each requirement is the registry's method of that name.
struct RegistrySlots: RegistrySeam {
    let registry: ReducerRegistry

    func addReducer<Reducer: ActionReducer>(_ reducer: Reducer, slot: ObjectIdentifier, owner: Any.Type?) {
        registry.addReducer(reducer, slot: slot, owner: owner)
    }

    func addReducer<Reducer: AsyncActionReducer>(_ reducer: Reducer, slot: ObjectIdentifier, owner: Any.Type?) {
        registry.addReducer(reducer, slot: slot, owner: owner)
    }

    func removeReducers(slot: ObjectIdentifier, owner: Any.Type) -> (removedAny: Bool, slotIsEmpty: Bool) {
        registry.removeReducers(slot: slot, owner: owner)
    }

    var registeredReducers: [RegisteredReducer] { registry.registeredReducers }

    func slots(where matches: (RegisteredReducer) -> Bool) -> [ObjectIdentifier] {
        var slots: [ObjectIdentifier] = []
        for registration in registry.registeredReducers where matches(registration) {
            if !slots.contains(registration.slot) {
                slots.append(registration.slot)
            }
        }
        return slots
    }

    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type, slot: ObjectIdentifier
    ) -> [RegisteredReducer] {
        registry.reducers(handling: actionType, on: stateType, slot: slot)
    }

    func reducers<Substate>(
        handling action: any Action, on stateType: Substate.Type, slot: ObjectIdentifier
    ) -> [RegisteredReducer] {
        registry.reducers(handling: action, on: stateType, slot: slot)
    }

    func reduce<Substate>(_ action: any Action, _ state: inout Substate, slot: ObjectIdentifier) {
        registry.reduce(action, &state, slot: slot)
    }
}
