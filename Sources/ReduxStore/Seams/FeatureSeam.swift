package import ReduxCore
package import ReduxReducers
package import ReduxShared

/// What ReduxFeatures (placing and removing features) and ReduxPersistence (the parts features
/// declare) may do to a store, and nothing else: one of the store's three seams (decision 23).
/// Get it from ``Store/featureSeam``.
package protocol FeatureSeam<Root> {
    /// The state type of the store.
    associatedtype Root

    /// The registry features register their reducers in, for a store built from features; nil for
    /// a store built around an app reducer, which has no places to give.
    var registry: ReducerRegistry? { get }

    /// The store's dependencies, as it was made with them.
    var dependencies: Dependencies { get }

    /// Gives a feature its place now (not in the serial order): the store reduces the part at
    /// `keyPath` from its next action on, and lets the place's reducers read `reading`. Only for a
    /// store built from features (``registry`` is not nil).
    ///
    /// - Parameters:
    ///   - keyPath: Where the feature's state lives in the root state: with `elements`, the
    ///     collection at whose each element it is placed.
    ///   - reading: Parts of the root state its reducers read.
    ///   - elements: How to reach the collection's elements, for a feature placed at each of them.
    /// - Returns: The place's slot, which its reducers are registered under.
    func place<Value>(
        at keyPath: any WritableKeyPath<Root, Value> & Sendable, reading: [any PartialKeyPath<Root> & Sendable],
        elements: ElementAccess<Root>?
    ) -> ObjectIdentifier

    /// Notes a feature placed in the store, so that the `Codable` actions its reducers handle are
    /// the ones it records (in a journal, under `Feature.Action`).
    ///
    /// - Parameters:
    ///   - feature: The feature's type.
    ///   - slot: Its place.
    /// - Returns: What to call with the action type of each reducer the feature registers.
    func recordActions(of feature: Any.Type, slot: ObjectIdentifier) -> @Sendable (Any.Type) -> Void

    /// Vacates a feature's place, in the store's serial order: removes the feature's reducers from
    /// each slot at the key path that has them (several placements, of several cases or sharing a
    /// value, may be at one key path), cancels the effects running in those slots, and forgets the
    /// parts a slot read once it has no reducers left.
    ///
    /// - Parameters:
    ///   - keyPath: The place, as the feature was placed at it.
    ///   - elements: Whether the feature was placed at each element of the collection there.
    ///   - remove: Removes the feature's reducers from a slot; returns whether it had any there
    ///     and whether the slot has none left. Called holding the store's lock.
    ///   - notPlaced: What to report, outside the lock, when the feature is placed at no slot there.
    func vacate(
        _ keyPath: AnyKeyPath, elements: Bool,
        removing remove: @escaping (ObjectIdentifier) -> (removedAny: Bool, slotIsEmpty: Bool), notPlaced: ReduxIssue)

    /// Notes what a placed feature carried for other modules (a persistence declaration), and
    /// hands each to the handlers registered with ``observeAttachments(_:)``.
    ///
    /// - Parameter attachments: The feature's attachments; nothing is noted for none.
    func noteAttachments(_ attachments: [any Sendable])

    /// Registers a handler for the attachments of features added from now on.
    ///
    /// - Parameter handler: Called on the adding thread, outside the lock, with each attachment.
    /// - Returns: The attachments of the features placed so far, in the order they were placed.
    func observeAttachments(_ handler: @escaping @Sendable (any Sendable) -> Void) -> [any Sendable]

    /// The attachments of the features placed so far, in the order they were placed.
    var attachments: [any Sendable] { get }
}

extension Store {
    /// What ReduxFeatures and ReduxPersistence may do to the store.
    package var featureSeam: some FeatureSeam<Root> {
        StoreFeatureSeam(store: self)
    }
}

/// A store's ``FeatureSeam``.
struct StoreFeatureSeam<Root: State>: FeatureSeam {
    let store: Store<Root>

    var registry: ReducerRegistry? {
        store.featureLocations == nil ? nil : store.registry as? ReducerRegistry
    }

    var dependencies: Dependencies { store.dependencies }

    func place<Value>(
        at keyPath: any WritableKeyPath<Root, Value> & Sendable, reading: [any PartialKeyPath<Root> & Sendable],
        elements: ElementAccess<Root>?
    ) -> ObjectIdentifier {
        guard let locations = store.featureLocations else {
            preconditionFailure("ReduxStore: a feature placed in a store not built from features")
        }
        return store.lock.withLock {
            let slot = locations.slot(for: keyPath, elements: elements)
            if let elements, !store.elementPlacements.contains(where: { $0.slot == slot }) {
                store.elementPlacements.append((elements, slot, SettleMemo()))
            }
            // A store whose app reducer was replaced keeps it; the feature's reducers are
            // registered all the same, as before the replacement.
            if store.placedSubstates != nil {
                store.placedSubstates = locations.list
            }
            if !reading.isEmpty {
                store.readableParts[slot, default: []] += reading.map { $0 as PartialKeyPath<Root> }
            }
            return slot
        }
    }

    func recordActions(of feature: Any.Type, slot: ObjectIdentifier) -> @Sendable (Any.Type) -> Void {
        let recording = FeatureRecording(feature: feature, slot: slot)
        store.lock.withLock { store.featureRecordings.append(recording) }
        return { recording.collect($0) }
    }

    func vacate(
        _ keyPath: AnyKeyPath, elements: Bool,
        removing remove: @escaping (ObjectIdentifier) -> (removedAny: Bool, slotIsEmpty: Bool), notPlaced: ReduxIssue
    ) {
        store.performLocked { store in
            var vacated = false
            for slot in store.featureLocations?.placedSlots(for: keyPath, elements: elements) ?? [] {
                let removal = remove(slot)
                guard removal.removedAny else { continue }
                vacated = true
                if removal.slotIsEmpty {
                    store.readableParts[slot] = nil
                }
                store.cancelEffectsLocked(slot: slot)
            }
            if !vacated {
                store.deferIssue(notPlaced)
            }
        }
    }

    func noteAttachments(_ attachments: [any Sendable]) { store.noteAttachments(attachments) }

    func observeAttachments(_ handler: @escaping @Sendable (any Sendable) -> Void) -> [any Sendable] {
        store.observeAttachments(handler)
    }

    var attachments: [any Sendable] { store.attachments }
}
