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
        // Fast path: an idle store applies the action at once, without wrapping it in a
        // `StoreWork` (copying the existential into and out of the enum cost ~400 instructions).
        lock.lock()
        if isDraining {
            queue.append(.action(action, nil))
            lock.unlock()
            return
        }
        isDraining = true
        applyLocked(action, tracker: nil)
        drainLocked()
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
            enqueue(.action(action, DispatchTracker { continuation.resume() }))
        }
    }

    /// Applies an action like `await dispatch(_:)`, but calls a closure instead of resuming a
    /// task, and lets the caller see which async reducers it is still waiting for: the form
    /// ReduxTesting needs to give up on an async reducer that never completes.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - onSettled: Called once, on whichever thread applies the last piece of work, when the
    ///     action and every async reducer result it led to have been applied; never called if an
    ///     async reducer never calls its completion.
    /// - Returns: The progress of the dispatch.
    package func dispatch(
        _ action: any Action, onSettled: @escaping @Sendable () -> Void
    ) -> DispatchProgress {
        let tracker = DispatchTracker(onSettled: onSettled)
        enqueue(.action(action, tracker))
        return DispatchProgress(tracker: tracker, lock: lock)
    }

    /// Runs work in the store's serial order: now if the store is idle, otherwise after what is
    /// already queued. The thread that finds the store idle drains the queue.
    func enqueue(_ work: StoreWork) {
        lock.lock()
        if isDraining {
            queue.append(work)
            lock.unlock()
            return
        }
        isDraining = true
        run(work)
        drainLocked()
    }

    /// Runs what was queued meanwhile, then marks the store idle and releases the lock.
    private func drainLocked() {
        while !queue.isEmpty, let queued = queue.popFirst() {
            run(queued)
        }
        isDraining = false
        lock.unlock()
    }

    /// Runs one unit of work. Called and returns with the lock held.
    private func run(_ work: StoreWork) {
        switch work {
        case .action(let action, let tracker):
            applyLocked(action, tracker: tracker)
        case .perform(let body):
            lock.unlock()
            body()
            lock.lock()
        }
    }

    /// Counts an async reduction started by the action being applied, for `await dispatch`.
    ///
    /// Called by reducers, so under the lock.
    ///
    /// - Parameter reducerType: The async reducer's type.
    /// - Returns: The tracker of the awaited dispatch the action belongs to, if any.
    func trackAsyncReduction(_ reducerType: Any.Type) -> DispatchTracker? {
        lock.withLock {
            currentTracker?.begin(reducerType)
            return currentTracker
        }
    }

    /// Notes that a tracked async reducer called its completion.
    ///
    /// - Parameters:
    ///   - reducerType: The async reducer's type.
    ///   - tracker: The tracker ``trackAsyncReduction(_:)`` returned for it.
    func noteDelivered(by reducerType: Any.Type, to tracker: DispatchTracker) {
        lock.withLock { tracker.noteDelivered(by: reducerType) }
    }

    /// Applies one action. Called and returns with the lock held; releases it around user code.
    private func applyLocked(_ action: any Action, tracker: DispatchTracker?) {
        guard runsMiddleware else {
            // No copy of the action into a local: copying an existential costs ~50 instructions.
            reduceLocked(action, tracker: tracker)
            return
        }
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
        reduceLocked(passed, tracker: tracker)
    }

    /// Applies an action that passed the middleware: the app reducer, then the diagnostics and
    /// the subscribers. Called and returns with the lock held; releases it around user code.
    private func reduceLocked(_ action: any Action, tracker: DispatchTracker?) {

        isReducing = true
        currentTracker = tracker
        sink.handled = false
        context.beginApplying()
        appReducer(provider, action, &statePointer.pointee)
        context.endApplying()
        isReducing = false
        currentTracker = nil

        let unhandled = reportsUnhandledActions && !sink.handled
        let finished = tracker?.finish() == true
        // Nothing to do outside the lock: keep it (an unlock and a lock cost ~80 instructions).
        guard unhandled || finished || hasObservationGroups else { return }
        let reporter = self.reporter
        // No `Root?` snapshot: in this unspecialised generic code, `Optional<Root>` would cost a
        // runtime metadata look-up on every action.
        if hasObservationGroups {
            let groups = observationGroups
            let snapshot = statePointer.pointee
            lock.unlock()
            reportIfUnhandled(unhandled, action, to: reporter)
            notify(groups, of: snapshot)
        } else {
            lock.unlock()
            reportIfUnhandled(unhandled, action, to: reporter)
        }
        if finished {
            tracker?.resume()
        }
        lock.lock()
    }

    private func reportIfUnhandled(_ unhandled: Bool, _ action: any Action, to reporter: IssueReporter) {
        guard unhandled else { return }
        reporter.report(
            ReduxIssue(
                .unhandledAction,
                "No reducer handled \(type(of: action)); register one for it in a feature's "
                    + "injectReducers(container:), or drop the action in a middleware."))
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
