package import ReduxCore
package import ReduxShared

/// What ReduxUI's scoped store may do to a store beyond its public API, and nothing else: one of
/// the store's seams (decision 23). Get it from ``Store/scopingSeam``.
package protocol ScopingSeam<Root> {
    /// The store's root state.
    associatedtype Root: State

    /// Applies an action sent from the main actor and returns once the main actor's observations
    /// show its result, even while another thread is applying actions (it waits for that thread
    /// to reach it): what a binding needs so that the next read shows the write.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - owners: Who owns the effects the action starts, and the effects those lead to, until
    ///     ``cancelEffects(ownedBy:)`` cancels them; empty for none.
    ///   - address: The element it was sent from; empty for none.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    @MainActor
    func dispatchShown(
        _ action: any Action, owners: [any Hashable & Sendable], address: [ElementStep],
        sentFrom fileID: StaticString, line: UInt)

    /// Dispatches an action addressed to an element, in the store's serial order, from any thread;
    /// `onSettled`, when given, is called once it and everything it caused have landed.
    ///
    /// - Parameters:
    ///   - action: The action, which names no element.
    ///   - address: The element, outermost first.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    ///   - onSettled: Called when the dispatch settled; nil not to wait.
    func dispatch(
        _ action: any Action, address: [ElementStep], sentFrom fileID: StaticString, line: UInt,
        onSettled: (@Sendable () -> Void)?)

    /// Cancels the effects an owner owns, in the store's serial order.
    ///
    /// - Parameter owner: The owner (a presented child or a stack element that left the state).
    func cancelEffects(ownedBy owner: some Hashable & Sendable)

    /// Calls a closure on the main actor with a value computed from the state, now and after
    /// every applied action, as `observe(select:on: MainActor.self)` does (every value: no
    /// comparison), and returns, beside the token, what shows pending values now: a binding reads
    /// the latest state before it composes a write from it.
    ///
    /// - Parameters:
    ///   - select: Computes the value; runs on the thread that applied the action.
    ///   - onChange: Called on the main actor with each value.
    /// - Returns: The token that keeps the observation alive, and a call that delivers the values
    ///   sent and not shown yet (one lock hold when there are none).
    @MainActor
    func observe<Selected: Sendable>(
        select: @escaping @Sendable (Root) -> Selected, _ onChange: @escaping @MainActor (Selected) -> Void
    ) -> (token: ObservationToken, showPending: @MainActor () -> Void)
}

extension Store {
    /// What ReduxUI may do to the store.
    package var scopingSeam: any ScopingSeam<Root> {
        StoreScopingSeam(store: self)
    }
}

/// A store's ``ScopingSeam``: each requirement is the store's method of that name.
struct StoreScopingSeam<Root: State>: ScopingSeam {
    let store: Store<Root>

    @MainActor
    func dispatchShown(
        _ action: any Action, owners: [any Hashable & Sendable], address: [ElementStep],
        sentFrom fileID: StaticString, line: UInt
    ) {
        store.dispatchShown(action, owners: owners, address: address, sentFrom: fileID, line: line)
    }

    func dispatch(
        _ action: any Action, address: [ElementStep], sentFrom fileID: StaticString, line: UInt,
        onSettled: (@Sendable () -> Void)?
    ) {
        store.enqueueAddressed(
            action, tracker: onSettled.map { DispatchTracker(onSettled: $0) },
            site: CallSite(fileID: fileID, line: line),
            address: address)
    }

    func cancelEffects(ownedBy owner: some Hashable & Sendable) { store.cancelEffects(ownedBy: owner) }

    @MainActor
    func observe<Selected: Sendable>(
        select: @escaping @Sendable (Root) -> Selected, _ onChange: @escaping @MainActor (Selected) -> Void
    ) -> (token: ObservationToken, showPending: @MainActor () -> Void) {
        let (token, delivery) = store.observeOnMainActorDelivering(Selection(unequatable: select), onChange)
        return (token, { delivery.deliverPending() })
    }
}
