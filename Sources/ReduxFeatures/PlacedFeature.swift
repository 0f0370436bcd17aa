public import ReduxCore
internal import ReduxReducers
package import ReduxShared
internal import ReduxStore

/// A ``LogicFeature`` with its place in the root state: what a store is built from.
///
/// Make one with ``LogicFeature/at(_:reading:)``: `UserFeature().at(\.user)`.
public struct PlacedFeature<Root: State> {
    /// Registers the feature's reducers in a store, at the feature's place.
    let install: (Store<Root>) -> Void
    /// Removes the feature's reducers from a store and cancels the effects running at its place.
    let uninstall: (Store<Root>) -> Void
    /// The same feature at the same place, for placing it again inside the elements of a larger
    /// state (``nested(at:_:)``).
    private let placement: any Placement<Root>
    /// What other modules declared about the placement (a persistence declaration), handed to
    /// the store when the feature is added (``ReduxStore/FeatureSeam/noteAttachments(_:)``).
    package var attachments: [any Sendable] = []

    /// Places a feature at a part of the root state, or at each element of a collection there.
    ///
    /// - Parameters:
    ///   - feature: The feature.
    ///   - keyPath: Where its state lives in the root state; with `elements`, the collection.
    ///   - reading: Parts of the root state its reducers read.
    ///   - placed: The state its reducers reduce: `Value`, or the collection's element type.
    ///   - elements: How to reach the collection's elements, for a feature placed at each; nil for
    ///     a feature placed at `keyPath` itself.
    package init<Feature: LogicFeature, Value, Placed>(
        _ feature: Feature, at keyPath: any WritableKeyPath<Root, Value> & Sendable,
        reading: [any PartialKeyPath<Root> & Sendable], placing placed: Placed.Type, elements: ElementAccess<Root>?
    ) {
        install = { store in
            store.install(feature, at: keyPath, reading: reading, placing: placed, elements: elements)
        }
        uninstall = { store in store.uninstall(Feature.self, at: keyPath, elements: elements != nil) }
        placement = FeaturePlacement(
            feature: feature, keyPath: keyPath, reading: reading, placed: placed, elements: elements)
    }

    /// The feature placed at the same place inside each element `lens` reaches in a larger state:
    /// a screen's features, placed at every screen of a stack. Its reducers see the element's
    /// state as they see their own root's; the parts it was placed `reading` are not carried into
    /// the element.
    ///
    /// - Parameters:
    ///   - keyPath: The collection (or optional child) in the larger state.
    ///   - lens: How its elements are reached.
    /// - Returns: The placed feature.
    package func nested<Outer: State, Place>(
        at keyPath: any WritableKeyPath<Outer, Place> & Sendable, _ lens: ElementLens<Outer, Root>
    ) -> PlacedFeature<Outer> {
        var nested = placement.nested(at: keyPath, lens)
        nested.attachments = []
        return nested
    }

    /// Places this feature, as it is placed in its own state, at a part of a larger state: a
    /// child's list of features (the child's own, its sheets, its rows) at the child's place in
    /// the app.
    ///
    /// A child's module lists the features that make it, placed in its own state, and its tests
    /// run that list with the child as the root; the app places the same list at the child:
    ///
    /// ```swift
    /// static var features: [PlacedFeature<ItemList>] {
    ///     [ItemListFeature().at(\.self), ItemFormFeature().ifLet(\.addItem)]
    /// }
    ///
    /// ItemList.features.map { $0.at(\.list) }
    /// ```
    ///
    /// Each feature runs where it ran in the child, now inside the larger state: the parts it was
    /// placed `reading` are read at the child's place, and a scope of the app's store reaches the
    /// child's sheets and rows as the child's own store's scopes did. A part placed `persistedAs`
    /// is not carried: declare persistence where the app places its parts.
    ///
    /// - Parameter keyPath: Where the child lives in the larger state.
    /// - Returns: The placed feature.
    public func at<Outer: State>(_ keyPath: any WritableKeyPath<Outer, Root> & Sendable) -> PlacedFeature<Outer> {
        placement.placed(at: keyPath)
    }
}

/// Two key paths one after the other, kept `Sendable`.
///
/// - Parameters:
///   - outer: The first key path.
///   - inner: The key path that continues it.
/// - Returns: The composed key path.
func appending<Outer, Middle, Value>(
    _ outer: any WritableKeyPath<Outer, Middle> & Sendable, _ inner: any WritableKeyPath<Middle, Value> & Sendable
) -> any WritableKeyPath<Outer, Value> & Sendable {
    let composed = (outer as WritableKeyPath<Outer, Middle>).appending(path: inner as WritableKeyPath<Middle, Value>)
    // Sound: a key path is immutable, and this one holds only the two Sendable key paths it joins.
    return unsafeBitCast(composed, to: (any WritableKeyPath<Outer, Value> & Sendable).self)
}

/// What a ``PlacedFeature`` placed, kept with its types so that it can be placed again inside the
/// elements of a larger state.
private protocol Placement<Root> {
    associatedtype Root: State

    /// The same placement inside each element `lens` reaches.
    func nested<Outer: State, Place>(
        at keyPath: any WritableKeyPath<Outer, Place> & Sendable, _ lens: ElementLens<Outer, Root>
    ) -> PlacedFeature<Outer>

    /// The same placement inside the part of a larger state at `keyPath`.
    func placed<Outer: State>(at keyPath: any WritableKeyPath<Outer, Root> & Sendable) -> PlacedFeature<Outer>
}

private struct FeaturePlacement<Root: State, Feature: LogicFeature, Value, Placed>: Placement {
    let feature: Feature
    let keyPath: any WritableKeyPath<Root, Value> & Sendable
    let reading: [any PartialKeyPath<Root> & Sendable]
    let placed: Placed.Type
    let elements: ElementAccess<Root>?

    func nested<Outer: State, Place>(
        at outer: any WritableKeyPath<Outer, Place> & Sendable, _ lens: ElementLens<Outer, Root>
    ) -> PlacedFeature<Outer> {
        let access: ElementAccess<Outer>
        if let elements {
            access = ElementAccess(lens, inner: elements)
        } else if keyPath == \Root.self {
            access = ElementAccess(lens) { $0.reduces(Placed.self) }
        } else {
            access = ElementAccess(lens, part: keyPath)
        }
        return PlacedFeature<Outer>(feature, at: outer, reading: [], placing: placed, elements: access)
    }

    func placed<Outer: State>(at outer: any WritableKeyPath<Outer, Root> & Sendable) -> PlacedFeature<Outer> {
        let readAtChild = reading.map { part in
            // Sound: the part is read from the root it names; `outer` leads to that root. The
            // composed key path holds only the two Sendable key paths it joins.
            unsafeBitCast(
                (outer as AnyKeyPath).appending(path: part as AnyKeyPath) as! PartialKeyPath<Outer>,
                to: (any PartialKeyPath<Outer> & Sendable).self)
        }
        return PlacedFeature<Outer>(
            feature, at: appending(outer, keyPath), reading: readAtChild, placing: placed,
            elements: elements?.placed(at: outer))
    }
}

extension Store {
    /// Registers a feature's reducers at a place in the root state.
    func install<Feature: LogicFeature, Value, Placed>(
        _ feature: Feature, at keyPath: any WritableKeyPath<Root, Value> & Sendable,
        reading: [any PartialKeyPath<Root> & Sendable], placing _: Placed.Type, elements: ElementAccess<Root>?
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
        let slot = seam.place(at: keyPath, reading: reading, elements: elements)
        // The Codable actions its reducers handle, now or later through the container, are the
        // ones the feature records.
        let container = PlacedContainer<Root, Placed>(
            registry: registry, slot: slot,
            placement: "\(Feature.self) at \(elements == nil ? "" : "each element of ")\(keyPath)",
            issueReporter: issueReporter, owner: Feature.self,
            recordActions: seam.recordActions(of: Feature.self, slot: slot), dependencies: seam.dependencies)
        feature.injectReducers(container: container)
    }

    /// Removes a feature's reducers from its place and cancels the effects running there, in the
    /// store's serial order.
    func uninstall<Feature: LogicFeature, Value>(
        _: Feature.Type, at keyPath: any WritableKeyPath<Root, Value> & Sendable, elements: Bool
    ) {
        let seam = featureSeam
        guard let registry = seam.registry else { return }
        let notPlaced = ReduxIssue(
            .misuse,
            "store.remove(_:) was given \(Feature.self) at \(keyPath), but no \(Feature.self) is placed there, so "
                + "nothing was removed; remove a feature at the place it was added to.")
        seam.vacate(
            keyPath, elements: elements, removing: { registry.slots.removeReducers(slot: $0, owner: Feature.self) },
            notPlaced: notPlaced)
    }
}
