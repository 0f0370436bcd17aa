internal import ReduxCore
internal import ReduxReducers
internal import ReduxShared

// Features placed at each element of a collection: the address an action carries beside it, the
// work of an element, and its end when the element leaves.

extension Store {
    /// Queues an action addressed to an element (none when `address` is empty), in the store's
    /// serial order.
    func enqueueAddressed(_ action: any Action, tracker: DispatchTracker?, site: CallSite?, address: [ElementStep]) {
        guard !address.isEmpty else {
            enqueue(.action(action, tracker, site))
            return
        }
        enqueue(
            .perform { [self] in
                if isRecording { recordedSite = site }
                applyAddressed(to: address) { apply(action, tracker: tracker) }
            })
    }

    /// Applies what `body` applies with the action addressed to `address`. Called by the
    /// draining thread, holding no lock.
    func applyAddressed(to address: [ElementStep], _ body: () -> Void) {
        guard !address.isEmpty else { return body() }
        lock.withLock { currentAddress = address }
        body()
        lock.withLock { currentAddress = [] }
    }

    /// The address of work starting at `slot`: for a feature placed at elements, a step per level
    /// to the element the action being applied reaches (an optional child's is always there); none
    /// for any other. Called holding the lock.
    func addressLocked(ofWorkAt slot: ObjectIdentifier) -> [ElementStep] {
        guard hasElementPlacements, let placement = elementPlacements.first(where: { $0.slot == slot }) else {
            return []
        }
        return placement.access.workAddress(for: currentAddress) ?? []
    }

    /// The work running under `id` at `slot` that belongs to an element (by default the one the
    /// action being applied is addressed to): an id is scoped to its element as it is to its place.
    /// Called holding the lock.
    func runningLocked(id: EffectID, slot: ObjectIdentifier, address: [ElementStep]? = nil) -> [RunningEffect] {
        let running = effects.running(id: id, slot: slot)
        guard hasElementPlacements else { return running }
        let address = address ?? addressLocked(ofWorkAt: slot)
        return running.filter { $0.address == address }
    }

    /// What follows each action's reducers when features are placed at elements: the elements'
    /// copies of shared values are brought up to date from their homes, then the work of elements
    /// that left is cancelled. Called holding the lock.
    func settleElementsLocked() {
        if hasSharedValues {
            for placement in elementPlacements {
                _ = placement.access.settle?(&statePointer.pointee, placement.memo)
            }
        }
        cancelWorkOfDepartedElementsLocked()
    }

    /// Ends the store's work when a ``Dismissal`` is addressed to no element: the root is the
    /// screen that dismissed itself (a screen's feature tested alone, its screen the root state),
    /// and its work ends as it would when the screen left. Called holding the lock, for an action
    /// no reducer handled.
    ///
    /// - Returns: Whether the action dismissed the root.
    @inline(never)
    func dismissesRootLocked(_ action: any Action) -> Bool {
        guard action is Dismissal, currentAddress.isEmpty else { return false }
        cancelLocked(effects.all)
        return true
    }

    /// Cancels the work of elements that left their collection, whoever removed them. Called
    /// after each action's reducers ran, holding the lock.
    private func cancelWorkOfDepartedElementsLocked() {
        guard !effects.isEmpty else { return }
        var departed: [RunningEffect] = []
        for effect in effects.all where !effect.address.isEmpty {
            // The placement of the feature whose work it is: of two features placed at cases of one
            // collection's elements, the one whose case the element must still be.
            let placement =
                elementPlacements.first(where: { $0.slot == effect.slot })
                ?? elementPlacements.first(where: { $0.access.isWorkAddress(effect.address) })
            if !(placement?.access.contains(statePointer.pointee, effect.address[...]) ?? false) {
                departed.append(effect)
            }
        }
        if !departed.isEmpty {
            cancelLocked(departed)
        }
    }
}

extension FeatureLocations {
    /// The slot of a key path already placed (the root's for `\Root.self`), or of a feature placed
    /// at each element of the collection there (`elements`: the first so placed); nil when nothing
    /// was placed so. Call under the store's lock.
    func placedSlot(for keyPath: AnyKeyPath, elements: Bool = false) -> ObjectIdentifier? {
        placedSlots(for: keyPath, elements: elements).first
    }

    /// Every slot of a key path already placed (the root's for `\Root.self`), or of the features
    /// placed at each element of the collection there (`elements`: one slot per case, and per
    /// placement sharing a value), in placement order. Call under the store's lock.
    func placedSlots(for keyPath: AnyKeyPath, elements: Bool = false) -> [ObjectIdentifier] {
        if keyPath == \Root.self && !elements { return [ObjectIdentifier(Root.self)] }
        return places.filter { $0.keyPath == keyPath && $0.atElements == elements }.map(\.slot)
    }

    /// The key path placed at a slot, for messages: `\Root.self` for the root's. Call under the
    /// store's lock.
    func keyPath(ofSlot slot: ObjectIdentifier) -> AnyKeyPath? {
        if slot == ObjectIdentifier(Root.self) { return \Root.self }
        return places.first(where: { $0.slot == slot })?.keyPath
    }
}
