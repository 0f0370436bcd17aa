public import ReduxCore
import ReduxReducers

extension Store: ActionDispatcher {
    /// Applies an action: middleware first, then the app reducer, then the subscribers.
    ///
    /// When the store is idle the action is applied on the calling thread before this returns.
    /// When it is busy (a reducer, middleware or subscriber dispatched, or another thread is
    /// applying actions) the action is queued and applied in order by the thread already at work.
    ///
    /// - Parameter action: The action to apply.
    /// - Complexity: Amortised O(1) routing per sub-state, plus the reducers' own work, plus one
    ///   selection per subscription group and one call per subscriber whose selection changed.
    public func dispatch(_ action: any Action) {
        enqueue(.action(action, nil))
    }

    /// Applies an action and waits until it, and every async reducer result it led to, has been
    /// applied.
    ///
    /// ```swift
    /// await store.dispatch(LoadProfile(id: 7))
    /// #expect(store.state.user.profile?.id == 7)
    /// ```
    ///
    /// If an async reducer never calls its completion, this never returns.
    ///
    /// - Parameter action: The action to apply.
    public func dispatch(_ action: any Action) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            enqueue(.action(action, DispatchTracker(continuation: continuation)))
        }
    }

    /// Runs work in the store's serial order: now if the store is idle, otherwise after what is
    /// already queued. The thread that finds the store idle drains the queue.
    func enqueue(_ work: StoreWork<Root>) {
        lock.lock()
        if isDraining {
            queue.append(work)
            lock.unlock()
            return
        }
        isDraining = true
        var next = work
        while true {
            switch next {
            case .action(let action, let tracker):
                applyLocked(action, tracker: tracker)
            case .perform(let body):
                lock.unlock()
                body()
                lock.lock()
            }
            guard let queued = queue.popFirst() else { break }
            next = queued
        }
        isDraining = false
        lock.unlock()
    }

    /// Counts an async reduction started by the action being applied, for `await dispatch`.
    ///
    /// Called by reducers, so under the lock.
    func trackAsyncReduction() -> DispatchTracker? {
        lock.withLock {
            currentTracker?.begin()
            return currentTracker
        }
    }

    /// Applies one action. Called and returns with the lock held; releases it around user code.
    private func applyLocked(_ dispatched: any Action, tracker: DispatchTracker?) {
        var action = dispatched
        if !middleware.isEmpty {
            lock.unlock()
            let passed = runMiddleware(on: action)
            lock.lock()
            guard let passed else {
                if tracker?.finish() == true {
                    lock.unlock()
                    tracker?.resume()
                    lock.lock()
                }
                return
            }
            action = passed
        }

        isReducing = true
        currentTracker = tracker
        sink.handled = false
        appReducer(provider, action, &statePointer.pointee)
        isReducing = false
        currentTracker = nil

        let unhandled = reportsUnhandledActions && !sink.handled
        let reporter = self.reporter
        let groups = observationGroups
        let snapshot: Root? = groups.isEmpty ? nil : statePointer.pointee
        let finished = tracker?.finish() == true
        lock.unlock()

        if unhandled {
            reporter.report(
                ReduxIssue(
                    .unhandledAction,
                    "No reducer handled \(type(of: action)); register one for it in a feature's "
                        + "injectReducers(container:), or drop the action in a middleware."))
        }
        if let snapshot {
            notify(groups, of: snapshot)
        }
        if finished {
            tracker?.resume()
        }
        lock.lock()
    }

    private func runMiddleware(on action: any Action) -> (any Action)? {
        let context = MiddlewareContext(store: self)
        var current = action
        for step in middleware {
            guard let next = step.handle(current, context) else { return nil }
            current = next
        }
        return current
    }
}
