public import ReduxCore
internal import ReduxReducers
internal import ReduxShared
internal import ReduxStore

/// A ``LogicFeature`` with its place in the root state: what a store is built from.
///
/// Make one with ``LogicFeature/at(_:reading:)``: `UserFeature().at(\.user)`.
public struct PlacedFeature<Root: State> {
    /// Registers the feature's reducers in a store, at the feature's place.
    let install: (Store<Root>) -> Void
    /// Removes the feature's reducers from a store and cancels the effects running at its place.
    let uninstall: (Store<Root>) -> Void
    /// What other modules declared about the placement (a persistence declaration), handed to
    /// the store when the feature is added (``ReduxStore/FeatureSeam/noteAttachments(_:)``).
    package var attachments: [any Sendable] = []

    /// Places a feature.
    ///
    /// - Parameters:
    ///   - feature: The feature.
    ///   - keyPath: Where its state lives in the root state.
    ///   - reading: Parts of the root state its reducers read.
    package init<Feature: LogicFeature, Value>(
        _ feature: Feature, at keyPath: any WritableKeyPath<Root, Value> & Sendable,
        reading: [any PartialKeyPath<Root> & Sendable]
    ) {
        install = { store in store.install(feature, at: keyPath, reading: reading) }
        uninstall = { store in store.uninstall(Feature.self, at: keyPath) }
    }
}

extension Store {
    /// Registers a feature's reducers at a place in the root state.
    func install<Feature: LogicFeature, Value>(
        _ feature: Feature, at keyPath: any WritableKeyPath<Root, Value> & Sendable,
        reading: [any PartialKeyPath<Root> & Sendable]
    ) {
        let seam = featureSeam
        guard let registry = seam.registry else {
            issueReporter.report(
                ReduxIssue(
                    .misuse,
                    "Store.add(_:) needs a store built from features, Store(initialState:features:); this store "
                        + "routes actions through its app reducer, so \(Feature.self) was not added. Register its "
                        + "reducers with injectReducers(container: store.reducerContainer) instead."))
            return
        }
        let slot = seam.place(at: keyPath, reading: reading)
        // The Codable actions its reducers handle, now or later through the container, are the
        // ones the feature records.
        let container = PlacedContainer<Root, Value>(
            registry: registry, slot: slot, placement: "\(Feature.self) at \(keyPath)",
            issueReporter: issueReporter, owner: Feature.self,
            recordActions: seam.recordActions(of: Feature.self, slot: slot), dependencies: seam.dependencies)
        feature.injectReducers(container: container)
    }

    /// Removes a feature's reducers from its place and cancels the effects running there, in the
    /// store's serial order.
    func uninstall<Feature: LogicFeature, Value>(
        _: Feature.Type, at keyPath: any WritableKeyPath<Root, Value> & Sendable
    ) {
        let seam = featureSeam
        guard let registry = seam.registry else { return }
        let notPlaced = ReduxIssue(
            .misuse,
            "store.remove(_:) was given \(Feature.self) at \(keyPath), but no feature was placed there, so "
                + "nothing was removed; remove a feature at the place it was added to.")
        seam.vacate(
            keyPath, removing: { registry.slots.removeReducers(slot: $0, owner: Feature.self) }, notPlaced: notPlaced)
    }
}
