internal import ReduxCore
internal import ReduxReducers
internal import ReduxStore

/// The container a placed feature registers in: it files reducers of the feature's state type
/// under the feature's place, reducers of the root type under the root, and reports the rest,
/// which no part of the state could reach.
final class PlacedContainer<Root, Value>: ReducerContainer, DependencyCarrier, Sendable {
    private let registry: ReducerRegistry
    private let slot: ObjectIdentifier
    /// "GameFeature at \AppState.game", for messages.
    private let placement: String
    private let issueReporter: IssueReporter
    /// The feature type registering, so that its reducers can be removed.
    private let owner: Any.Type?
    /// The store's dependencies, which the feature reads through `container.dependencies`.
    let dependencies: Dependencies
    /// Notes the action type of each reducer registered here, whose `Codable` ones the feature
    /// records; nil for the root container, which no feature owns.
    private let recordActions: (@Sendable (Any.Type) -> Void)?

    init(
        registry: ReducerRegistry, slot: ObjectIdentifier, placement: String, issueReporter: IssueReporter,
        owner: Any.Type? = nil, recordActions: (@Sendable (Any.Type) -> Void)? = nil,
        dependencies: Dependencies = Dependencies()
    ) {
        self.owner = owner
        self.recordActions = recordActions
        self.dependencies = dependencies
        self.registry = registry
        self.slot = slot
        self.placement = placement
        self.issueReporter = issueReporter
    }

    /// Notes the action type of a registration for the feature's recording.
    private func collect(_ actionType: Any.Type) {
        recordActions?(actionType)
    }

    func addReducer<Reducer: ActionReducer>(reducer: Reducer) {
        collect(Reducer.ReducerActionType.self)
        if let issue = Reducer.swappedTypesIssue {
            // Reported instead of `unreachableReducer`: the swap is what to fix.
            issueReporter.report(issue)
            guard let slot = reachableSlot(for: Reducer.ReducerStateType.self) else { return }
            registry.slots.addReducer(reducer, slot: slot, owner: owner)
            return
        }
        guard let slot = slot(for: Reducer.ReducerStateType.self, reducer: Reducer.self) else { return }
        registry.slots.addReducer(reducer, slot: slot, owner: owner)
    }

    func addReducer<Reducer: AsyncActionReducer>(reducer: Reducer) {
        collect(Reducer.ReducerActionType.self)
        guard let slot = slot(for: Reducer.ReducerStateType.self, reducer: Reducer.self) else { return }
        registry.slots.addReducer(reducer, slot: slot, owner: owner)
    }

    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer] {
        guard let slot = reachableSlot(for: Substate.self) else { return [] }
        return registry.slots.reducers(handling: actionType, on: stateType, slot: slot)
    }

    func reduce<Substate>(_ action: any Action, _ state: inout Substate) {
        guard let slot = reachableSlot(for: Substate.self) else { return }
        registry.slots.reduce(action, &state, slot: slot)
    }

    /// Where reducers of `Substate` are filed: the feature's place, or the root.
    private func reachableSlot<Substate>(for _: Substate.Type) -> ObjectIdentifier? {
        if Substate.self == Value.self { return slot }
        if Substate.self == Root.self { return ObjectIdentifier(Root.self) }
        return nil
    }

    private func slot<Substate>(for stateType: Substate.Type, reducer: Any.Type) -> ObjectIdentifier? {
        if let slot = reachableSlot(for: stateType) { return slot }
        issueReporter.report(
            ReduxIssue(
                .unreachableReducer,
                "\(reducer) reduces \(Substate.self), but it was registered by \(placement), a \(Value.self), so no "
                    + "part of \(Root.self) can reach it and it was not registered. Register reducers of \(Value.self) "
                    + "(or of \(Root.self), which run after every sub-state) in this feature, and place a feature "
                    + "that registers reducers of \(Substate.self) at its key path: "
                    + "Store(initialState:features:) or store.add(feature.at(\\.path))."))
        return nil
    }
}
