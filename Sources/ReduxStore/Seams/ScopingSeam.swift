package import ReduxCore

/// What ReduxUI's scoped store may do to a store beyond its public API, and nothing else: one of
/// the store's seams (decision 23). Get it from ``Store/scopingSeam``.
package protocol ScopingSeam {
    /// Applies an action sent from the main actor and returns once the main actor's observations
    /// show its result, even while another thread is applying actions (it waits for that thread
    /// to reach it): what a binding needs so that the next read shows the write.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - owners: Who owns the effects the action starts, and the effects those lead to, until
    ///     ``cancelEffects(ownedBy:)`` cancels them; empty for none.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    @MainActor
    func dispatchShown(
        _ action: any Action, owners: [any Hashable & Sendable], sentFrom fileID: StaticString, line: UInt)

    /// Cancels the effects an owner owns, in the store's serial order.
    ///
    /// - Parameter owner: The owner (a presented child or a stack element that left the state).
    func cancelEffects(ownedBy owner: some Hashable & Sendable)

    /// Delivers now what the main actor's observations were sent and have not shown yet: a
    /// binding reads the latest state before it composes a write from it.
    @MainActor
    func deliverPendingOnMainActor()
}

extension Store {
    /// What ReduxUI may do to the store.
    package var scopingSeam: some ScopingSeam {
        StoreScopingSeam(store: self)
    }
}

/// A store's ``ScopingSeam``: each requirement is the store's method of that name.
struct StoreScopingSeam<Root: State>: ScopingSeam {
    let store: Store<Root>

    @MainActor
    func dispatchShown(
        _ action: any Action, owners: [any Hashable & Sendable], sentFrom fileID: StaticString, line: UInt
    ) {
        store.dispatchShown(action, owners: owners, sentFrom: fileID, line: line)
    }

    func cancelEffects(ownedBy owner: some Hashable & Sendable) { store.cancelEffects(ownedBy: owner) }

    @MainActor
    func deliverPendingOnMainActor() { store.deliverPendingOnMainActor() }
}
