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

    /// The address of work starting at `slot`: the current one for a feature placed at each
    /// element, the child's for a feature placed at an optional child, none for any other. Called
    /// holding the lock.
    func addressLocked(ofWorkAt slot: ObjectIdentifier) -> [ElementStep] {
        guard hasElementPlacements, let placement = elementPlacements.first(where: { $0.slot == slot }) else {
            return []
        }
        if let only = placement.access.onlyID {
            return [ElementStep(collection: placement.access.collection, id: only)]
        }
        return currentAddress
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

    /// Cancels the work of elements that left their collection, whoever removed them. Called
    /// after each action's reducers ran, holding the lock.
    func cancelWorkOfDepartedElementsLocked() {
        guard !effects.isEmpty else { return }
        var departed: [RunningEffect] = []
        for effect in effects.all where !effect.address.isEmpty {
            let isThere = effect.address.allSatisfy { step in
                // The placement of the feature whose work it is: of two features placed at cases of
                // one collection's elements, the one whose case the element must still be.
                let placement =
                    elementPlacements.first(where: { $0.slot == effect.slot && $0.access.isAddress(step) })
                    ?? elementPlacements.first(where: { $0.access.isAddress(step) })
                return placement?.access.contains(statePointer.pointee, step.id) ?? false
            }
            if !isThere { departed.append(effect) }
        }
        if !departed.isEmpty {
            cancelLocked(departed)
        }
    }
}
