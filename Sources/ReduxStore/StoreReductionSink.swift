import ReduxCore
import ReduxReducers

/// The store's side of a reduction: records whether a reducer ran and builds the completions of
/// async reducers, which send their results back into the store.
///
/// - Note: `@unchecked Sendable`: `handled` is written on the thread applying the store's action
///   (`ReductionContext.noteHandled()` checks) and read by the store, both while the store's lock
///   is held; `store` is set once, before the store is shared.
final class StoreReductionSink<Root: State>: ReductionSink, @unchecked Sendable {
    weak var store: Store<Root>?
    var handled = false

    func noteHandled() {
        handled = true
    }

    func makeCompletion<Result: Sendable>(
        reducerType: Any.Type, resultType: Result.Type
    ) -> @Sendable (Result) -> Void {
        guard let store else { return { _ in } }
        let tracker = store.trackAsyncReduction(reducerType)
        let called = LockedValue(false)
        return { [weak store] newState in
            let isFirstCall = called.withLock { wasCalled in
                defer { wasCalled = true }
                return !wasCalled
            }
            guard let store else { return }
            guard isFirstCall else {
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
                .action(AsyncReducerResultAction(newState: newState, reducerType: reducerType), tracker))
        }
    }
}
