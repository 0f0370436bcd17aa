import ReduxCore
import ReduxReducers
import ReduxStore

/// A ``LogicFeature`` with its place in the root state: what a store is built from.
///
/// Make one with ``LogicFeature/at(_:)``: `UserFeature().at(\.user)`.
public struct PlacedFeature<Root: State> {
    /// Registers the feature's reducers in a store, at the feature's place.
    let install: (Store<Root>) -> Void

    init<Feature: LogicFeature, Value>(_ feature: Feature, at keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        install = { store in store.install(feature, at: keyPath) }
    }
}

extension Store {
    /// Registers a feature's reducers at a place in the root state.
    func install<Feature: LogicFeature, Value>(
        _ feature: Feature, at keyPath: any WritableKeyPath<Root, Value> & Sendable
    ) {
        guard let locations = featureLocations, let registry = registry as? ReducerRegistry else {
            issueReporter.report(
                ReduxIssue(
                    .misuse,
                    "Store.add(_:) needs a store built from features, Store(initialState:features:); this store "
                        + "routes actions through its app reducer, so \(Feature.self) was not added. Register its "
                        + "reducers with injectReducers(container: store.reducerContainer) instead."))
            return
        }
        let slot = lock.withLock {
            let slot = locations.slot(for: keyPath)
            // A store whose app reducer was replaced keeps it; the feature's reducers are
            // registered all the same, as before the replacement.
            if placedSubstates != nil {
                placedSubstates = locations.list
            }
            return slot
        }
        feature.injectReducers(
            container: PlacedContainer<Root, Value>(
                registry: registry, slot: slot, placement: "\(Feature.self) at \(keyPath)",
                issueReporter: issueReporter))
    }
}
