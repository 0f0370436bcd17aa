package import ReduxCore
package import ReduxReducers
package import ReduxShared

/// What ReduxTesting's test store and reducer assertions may do to a store, and nothing else: one
/// of the store's three seams (decision 23). Get it from ``Store/testingSeam``.
package protocol TestingSeam {
    /// The container the store's app reducer routes through (its registry, for a store built from
    /// features).
    var registry: any ReducerContainer { get }

    /// Dispatches an action and calls `onSettled` once it has been applied and every effect it
    /// started (and what they started) has ended: what an awaited dispatch waits for.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - onSettled: Called once, by whichever thread settles the action, holding no lock.
    func dispatch(_ action: any Action, onSettled: @escaping @Sendable () -> Void)

    /// Calls `body` each time a reducer starts async work (a `.run`, or an earlier reducer form),
    /// not for a `.cancel` or a `.send`: a synchronous assertion refuses what it cannot apply.
    ///
    /// - Parameter body: Called holding the store's lock, with the reducer's type.
    func observeStartedWork(_ body: @escaping @Sendable (Any.Type) -> Void)

    /// Holds what effects hand back where `hold` says so, instead of applying it: a test store
    /// keeps each change and follow-up action until the test receives it.
    ///
    /// - Parameter hold: Called by the thread applying the store's actions, holding no lock, with
    ///   each change or follow-up action and the element it is addressed to; returns whether to
    ///   hold it.
    func holdEffectOutput(where hold: @escaping @Sendable (any Action, _ address: [ElementStep]) -> Bool)

    /// Applies something an effect handed back that ``holdEffectOutput(where:)`` held, in the
    /// store's serial order, as the store would have applied it: a follow-up action through the
    /// middleware, a change straight to the reducers.
    ///
    /// - Parameters:
    ///   - output: What was held.
    ///   - address: The element it is addressed to, as the hold was told.
    func release(_ output: any Action, address: [ElementStep])

    /// Dispatches an action addressed to an element (to none when `address` is empty), calling
    /// `onSettled` when it and everything it caused have landed.
    func dispatch(_ action: any Action, address: [ElementStep], onSettled: @escaping @Sendable () -> Void)

    /// The effects running now, oldest first, each with the async reducer that started it and
    /// the action it started for: what a test store names when work is still in flight.
    var runningEffects: [(reducerType: Any.Type, cause: any Action)] { get }

    /// Sets what is called, outside the lock, each time effects end or are cancelled: a test
    /// store waiting for work in flight checks again then.
    ///
    /// - Parameter body: The call; nil for none.
    func setEffectEndHandler(_ body: (@Sendable () -> Void)?)

    /// Calls a closure once everything queued before it has been applied: a barrier in the
    /// store's serial order. It runs now when the store is idle.
    ///
    /// - Parameter body: The call; made by the thread draining the store, holding no lock.
    func afterQueuedWork(_ body: @escaping @Sendable () -> Void)
}

extension Store {
    /// What ReduxTesting may do to the store.
    package var testingSeam: some TestingSeam {
        StoreTestingSeam(store: self)
    }
}

/// A store's ``TestingSeam``: each requirement is the store's method of that name.
struct StoreTestingSeam<Root: State>: TestingSeam {
    let store: Store<Root>

    var registry: any ReducerContainer { store.registry }

    func dispatch(_ action: any Action, onSettled: @escaping @Sendable () -> Void) {
        store.dispatch(action, onSettled: onSettled)
    }

    func observeStartedWork(_ body: @escaping @Sendable (Any.Type) -> Void) { store.observeStartedWork(body) }

    func holdEffectOutput(where hold: @escaping @Sendable (any Action, [ElementStep]) -> Bool) {
        store.holdEffectOutput(where: hold)
    }

    func release(_ output: any Action, address: [ElementStep]) { store.release(output, address: address) }

    func dispatch(_ action: any Action, address: [ElementStep], onSettled: @escaping @Sendable () -> Void) {
        store.enqueueAddressed(action, tracker: DispatchTracker(onSettled: onSettled), site: nil, address: address)
    }

    var runningEffects: [(reducerType: Any.Type, cause: any Action)] { store.runningEffects }

    func setEffectEndHandler(_ body: (@Sendable () -> Void)?) { store.setEffectEndHandler(body) }

    func afterQueuedWork(_ body: @escaping @Sendable () -> Void) { store.afterQueuedWork(body) }
}
