import ReduxCore
internal import ReduxReducers

/// The store's side of a reduction: builds the deliveries of async reducers, which send their
/// changes back into the store.
///
/// - Note: `@unchecked Sendable`: `store` is set once, before the store is shared.
final class StoreReductionSink<Root: State>: ReductionSink, @unchecked Sendable {
    weak var store: Store<Root>?

    func makeDelivery<Substate>(
        reducerType: Any.Type, slot: ObjectIdentifier, resultType: Substate.Type
    ) -> AsyncDelivery<Substate> {
        // Replaying recorded actions: the recorded result is applied instead of this one.
        guard let store, !store.mutesAsyncResults else { return AsyncDelivery { _ in } }
        let tracker = store.trackAsyncReduction(reducerType)
        let delivered = LockedValue(false)
        return AsyncDelivery { [weak store] change in
            let isFirst = delivered.withLock { wasDelivered in
                defer { wasDelivered = true }
                return !wasDelivered
            }
            guard let store else { return }
            guard isFirst else {
                store.issueReporter.report(
                    ReduxIssue(
                        .completionCalledTwice,
                        "\(reducerType) called its completion more than once; the later value was ignored. "
                            + "Call the completion of an async reducer exactly once."))
                return
            }
            if let tracker {
                store.noteDelivered(by: reducerType, to: tracker)
            }
            store.enqueue(
                .action(AsyncReducerResult(slot: slot, reducerType: reducerType, change: change), tracker))
        }
    }
}
