import Dispatch
internal import ReduxAtomics
internal import ReduxCore
internal import ReduxShared

extension Store {
    /// Applies an action sent from the main actor and returns once the main actor's observations
    /// of this store show its result, even while another thread is applying actions: what a
    /// SwiftUI binding needs, so that the next read of the field it wrote sees the write (a text
    /// field that does not jump or lose keystrokes).
    ///
    /// When the store is idle the action is applied here, as ``dispatch(_:sentFrom:line:)`` does.
    /// When another thread is applying actions, the action is queued behind that thread's work
    /// and this call waits until it has been applied and its observers notified, then delivers
    /// what the main actor's observations were sent. When the main thread itself is applying
    /// actions (a reducer or an observer on the main thread dispatched), the action is queued and
    /// applied before the outer dispatch returns, as any dispatch from there is.
    ///
    /// The wait is for the store's own work. A reducer, middleware or observer that waits for the
    /// main thread (`DispatchQueue.main.sync`) while this call waits for it would deadlock; none of
    /// the framework's own deliveries does.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - owners: Who owns the effects the action starts, and the effects those lead to, until
    ///     ``cancelEffects(ownedBy:)`` cancels them: the presented children and elements it was
    ///     sent from (ReduxUI's scopes); empty for none.
    ///   - address: The element it was sent from, for the features placed at each element; empty
    ///     for none.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    @MainActor
    func dispatchShown(
        _ action: any Action, owners: [any Hashable & Sendable], address: [ElementStep], sentFrom fileID: StaticString,
        line: UInt
    ) {
        let site = CallSite(packed: Self.packedSite(fileID, line))
        let tracker = owners.isEmpty ? nil : DispatchTracker(owners: owners.map { AnyHashable($0) })
        // Either this thread is applying actions (a reducer or observer on it dispatched: queued,
        // applied before its outer dispatch returns; waiting would wait for itself), or it was
        // the last to, and the store is idle (applied here).
        if redux_atomic_word_owner(drainState) == redux_current_thread() {
            enqueueAddressed(action, tracker: tracker, site: site, address: address)
            return
        }
        // An idle store runs both here; a busy one runs them on its draining thread, in order.
        let shown = DispatchSemaphore(value: 0)
        enqueueAddressed(action, tracker: tracker, site: site, address: address)
        // Work runs in order, and an action's observers are notified before the next work runs.
        enqueue(.perform { shown.signal() })
        shown.wait()
        deliverPendingOnMainActor()
    }

    /// Delivers now, on the main actor, what the store's main-actor observations were sent and
    /// have not shown yet (changes applied on other threads wait for the main actor's next turn).
    ///
    /// - Complexity: O(d) lock holds, d the main-actor observations; nothing else when none is
    ///   pending.
    @MainActor
    func deliverPendingOnMainActor() {
        let deliveries = lock.withLock { mainActorDeliveries.compactMap(\.delivery) }
        for delivery in deliveries {
            delivery.deliverPending()
        }
    }

    /// Cancels the effects an owner owns: those started by actions sent with it among their
    /// `owners` (``dispatchShown(_:owners:sentFrom:line:)``), and by what those led to. In the
    /// store's serial order, after the work queued before.
    ///
    /// ReduxUI calls it when a presented child or a stack element leaves the state: its effects
    /// end with it.
    ///
    /// - Parameter owner: The owner.
    func cancelEffects(ownedBy owner: some Hashable & Sendable) {
        let owner = AnyHashable(owner)
        performLocked { store in
            store.cancelLocked(store.effects.all.filter { $0.tracker?.owners.contains(owner) == true })
        }
    }
}
