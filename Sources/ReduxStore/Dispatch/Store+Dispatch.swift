import Dispatch
internal import ReduxAtomics
public import ReduxCore
internal import ReduxReducers
internal import ReduxShared

extension Store: ActionDispatcher {
    /// A call site in one word, packed in the caller's code, where both parts are constants: two
    /// more words kept across the calls of the hot path would be spilled to the stack, one fits a
    /// free register (B1 in Performance.md, decision 19). The layout is `CallSite`'s: the
    /// literal's address, the line above bit 47; 0 for none.
    @inlinable @inline(__always)
    static func packedSite(_ fileID: StaticString, _ line: UInt) -> UInt64 {
        guard fileID.hasPointerRepresentation, line != 0 else { return 0 }
        return UInt64(UInt(bitPattern: fileID.utf8Start)) | UInt64(min(line, 0x1_FFFF)) << 47
    }

    /// Applies an action sent from a packed call site (``packedSite(_:_:)``; 0 for none).
    @usableFromInline
    func dispatch(_ action: any Action, packedSite: UInt64) {
        // Fast path: an idle store is claimed without a lock and applies the action at once,
        // without wrapping it in a `StoreWork` (copying the existential into and out of the enum
        // showed in B1).
        guard claimIfIdle() else {
            enqueueWhileBusy(.action(action, nil, CallSite(packed: packedSite)))
            return
        }
        // Only the draining thread sets `isRecording` (attaching is work in the serial order), so
        // it may read it without the lock. The site goes to a slot, not down the calls: B1.
        if isRecording {
            recordedSite = CallSite(packed: packedSite)
        }
        apply(action, tracker: nil)
        drain()
    }

    /// Applies an action; the form an `ActionDispatcher` conformer implements, which records no
    /// call site. A plain `store.dispatch(action)` calls ``dispatch(_:sentFrom:line:)`` with its site.
    ///
    /// - Parameter action: The action to apply.
    @_disfavoredOverload
    public func dispatch(_ action: any Action) {
        dispatch(action, packedSite: 0)
    }

    /// Applies an action sent from a call site: middleware first, then the reducers, then the
    /// observers. A plain `store.dispatch(action)` (``ActionDispatcher``'s
    /// `dispatch(_:fileID:line:)`) calls this with the caller's site.
    ///
    /// When the store is idle the action is applied on the calling thread before this returns.
    /// When it is busy (a reducer, middleware or subscriber dispatched, or another thread is
    /// applying actions) the action is queued and applied in order by the thread already at work;
    /// queuing does not wait for the action being applied, so reducers of two stores may dispatch
    /// to each other from different threads. A dispatch from a thread other than the one applying
    /// actions that makes the queue 4,096 actions long waits until that thread takes them, at most
    /// 2 ms (back-pressure on a thread that dispatches faster than the store applies).
    ///
    /// While a time-travel recorder is attached, the call site (`#fileID`, `#line`) is recorded
    /// with the action; when none is, it costs nothing measurable (decision 19).
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    /// - Complexity: Amortised O(1) routing per sub-state, plus the reducers' own work, plus one
    ///   selection per subscription group and one call per subscriber whose selection changed.
    @inlinable
    public func dispatch(_ action: any Action, sentFrom fileID: StaticString, line: UInt) {
        dispatch(action, packedSite: Self.packedSite(fileID, line))
    }

    /// Applies an action and waits until it and everything it caused have landed: the effects it
    /// started, the changes and follow-up actions they handed back, and the effects those
    /// started, transitively.
    ///
    /// ```swift
    /// await store.dispatchAndWait(LoadTodos())
    /// #expect(store.state.todos.items.count == 3)
    /// ```
    ///
    /// What observers or middleware dispatch on their own is not waited for: it is not caused by
    /// the action's reducers. A cancelled effect counts as landed when it is cancelled. If an
    /// effect never returns (and is never cancelled), this never returns.
    ///
    /// The waiting task is not idle: where task executors exist (macOS 15, iOS 18 and later,
    /// Linux), it runs the effects' work on its own thread until that work suspends, so work that
    /// lands its change at once is not scheduled on another thread. (A store busy on another
    /// thread applies the action there, and its work may then run on Dispatch's global queues.)
    /// Work still runs in tasks of its own, which cancellation and dependencies see as before, and
    /// what suspends resumes on Dispatch's global queues.
    ///
    /// `dispatch(_:)` is the fire-and-forget form: it never needs `await`.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave it to its
    ///     default.
    ///   - line: The line of the call; leave it to its default.
    public func dispatchAndWait(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) async {
        let site = CallSite(fileID: fileID, line: line)
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
            // No task executors: the effects run on the pool, and the last to land resumes this task.
            await withCheckedContinuation { (settled: CheckedContinuation<Void, Never>) in
                enqueue(.action(action, DispatchTracker(onSettled: { settled.resume() }), site))
            }
            return
        }
        var tracker = DrainingTracker.take(from: spareTracker)
        enqueue(.action(action, tracker, site))
        if tracker.runHeldJobs() {
            DrainingTracker.keep(&tracker, in: spareTracker)
        } else {
            await tracker.suspendUntilSettled()
        }
    }

    /// Applies an action like ``dispatchAndWait(_:fileID:line:)``, but calls a closure instead of resuming a
    /// task: the form ReduxTesting needs to give up on an effect that never returns.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - onSettled: Called once, on whichever thread finishes the last piece of work, when the
    ///     action and everything it caused have landed; never called if an effect never returns.
    func dispatch(_ action: any Action, onSettled: @escaping @Sendable () -> Void) {
        enqueue(.action(action, DispatchTracker(onSettled: onSettled), nil))
    }

    /// Runs work in the store's serial order: now if the store is idle, otherwise after what is
    /// already queued. The thread that finds the store idle drains the queue.
    func enqueue(_ work: consuming StoreWork) {
        guard claimIfIdle() else {
            enqueueWhileBusy(consume work)
            return
        }
        runThenDrain(consume work)
    }

    /// Lands what an effect handed back in the store's serial order: at once, in the caller's hold
    /// of the lock, when the store is idle; else after what is queued. Called holding the lock,
    /// which it releases.
    func landOrQueueLocked(_ action: any Action, from running: RunningEffect, site: CallSite?, isChange: Bool) {
        guard claimIfIdle() else {
            lock.unlock()
            enqueueWhileBusy(.effectOutput(action, running, site, isChange: isChange))
            return
        }
        applyEffectOutputLocked(action, from: running, site: site, isChange: isChange)
        drain()
    }

    /// Makes the calling thread the draining thread if no thread is applying the store's work.
    @inline(__always)
    private func claimIfIdle() -> Bool {
        guard changeDrainState(from: DrainState.idle, to: DrainState.draining).changed else { return false }
        // Who drains, so that what this thread dispatches meanwhile never waits for itself
        // (``waitForRoom()``). The word's cache line is this thread's after the exchange.
        redux_atomic_word_set_owner(drainState, redux_current_thread())
        return true
    }

    /// Replaces the drain state with `new` if it is `old` (``DrainState``).
    ///
    /// - Returns: Whether it did, and the state found.
    @inline(__always)
    private func changeDrainState(from old: Int, to new: Int) -> (changed: Bool, found: Int) {
        var found = old
        let changed = redux_atomic_word_compare_exchange(drainState, &found, new)
        return (changed, found)
    }

    /// Queues work for the draining thread; runs it now, and drains, if the store became idle
    /// meanwhile.
    @inline(never)
    private func enqueueWhileBusy(_ work: consuming StoreWork) {
        queueLock.lock()
        while true {
            // `queued` before the work is appended: the draining thread, seeing it, takes the
            // queue under `queueLock`, so after this thread's append (``DrainState``).
            let (marked, found) = changeDrainState(from: DrainState.draining, to: DrainState.queued)
            if marked || found == DrainState.queued {
                queued.append(consume work)
                let waits =
                    queued.count >= WorkQueue.longLength
                    && redux_atomic_word_owner(drainState) != redux_current_thread()
                if waits { waitsForRoom += 1 }
                queueLock.unlock()
                if waits { waitForRoom() }
                return
            }
            // The draining thread gave the store back (the queue is empty): claim it.
            if claimIfIdle() {
                queueLock.unlock()
                runThenDrain(consume work)
                return
            }
        }
    }

    /// Waits until the draining thread has taken the queue, at most ``WorkQueue/longestWait``:
    /// called by a thread other than the draining one whose work made the queue
    /// ``WorkQueue/longLength`` long, holding no lock. Taken means the queue is shorter than that
    /// again.
    ///
    /// Back-pressure: a thread that dispatches faster than the store applies would otherwise grow
    /// the queue without end, out of the processor's caches, and slow the draining thread down
    /// (B5 in <doc:Performance>). The wait has an end, so a draining thread that itself waits for
    /// this one (a subscriber that takes a lock this thread holds, two stores whose queues are
    /// both long) holds it up briefly, never for good.
    @inline(never)
    private func waitForRoom() {
        let deadline = DispatchTime.now().uptimeNanoseconds + WorkQueue.longestWait
        repeat {
            redux_yield()
            queueLock.lock()
            let isLong = queued.count >= WorkQueue.longLength
            queueLock.unlock()
            if !isLong { return }
        } while DispatchTime.now().uptimeNanoseconds < deadline
    }

    /// Runs what was queued meanwhile, then gives the store back. Called by the draining thread,
    /// holding no lock.
    ///
    /// Giving the store back is one compare-and-exchange from `draining` to `idle`, which fails when
    /// another thread queued work meanwhile (``DrainState``).
    @inline(__always)
    private func drain() {
        if changeDrainState(from: DrainState.draining, to: DrainState.idle).changed {
            return
        }
        drainQueued()
    }

    /// Runs batches of queued work until none is left, then gives the store back. Called by the
    /// draining thread, holding no lock, when work was queued.
    ///
    /// Kept out of `drain()` so that a dispatch to an idle store does not pay for the batch.
    @inline(never)
    private func drainQueued() {
        repeat {
            // Everything queued so far, taken in one hold: threads that keep dispatching then
            // contend with one lock hold per batch, not one per action. What they append meanwhile
            // comes after the batch, so the order stays first in first out.
            queueLock.lock()
            batch.trade(with: queued)
            redux_atomic_word_store(drainState, DrainState.draining)
            queueLock.unlock()
            var held = 0
            batch.run { work in run(consume work, held: &held) }
            releaseHold(&held)
        } while !changeDrainState(from: DrainState.draining, to: DrainState.idle).changed
    }

    /// Runs one unit of work, then what was queued meanwhile. Called by the thread that just
    /// claimed the store, holding no lock.
    private func runThenDrain(_ work: consuming StoreWork) {
        var held = 0
        run(consume work, held: &held)
        releaseHold(&held)
        drain()
    }

    /// Runs one unit of work. Called by the draining thread, holding the store lock if `held` is
    /// more than 0 (``reduceQueued(_:tracker:held:)``).
    ///
    /// Inlined: called apart, the work was copied to the stack once more and its case read back
    /// across two of those stores, a stall on every queued action (B5 in <doc:Performance>).
    @inline(__always)
    private func run(_ work: consuming StoreWork, held: inout Int) {
        // Consumed: its payload is moved out, not copied (an existential and references).
        switch consume work {
        case .action(let action, let tracker, let site):
            if isRecording {
                recordedSite = site
            }
            guard runsMiddleware else {
                reduceQueued(action, tracker: tracker, held: &held)
                return
            }
            releaseHold(&held)
            apply(action, tracker: tracker)
        case .effectOutput(let action, let running, let site, let isChange):
            // Kept if a run of queued actions holds it: the output is applied holding the lock.
            if held == 0 {
                lock.lock()
            }
            held = 0
            applyEffectOutputLocked(action, from: running, site: site, isChange: isChange)
        case .perform(let body):
            releaseHold(&held)
            recordedSite = nil
            body()
        }
    }

    /// Applies a queued action that no middleware sees, and keeps the store lock for the next
    /// one when nothing follows the reduction outside the lock: `held` counts the actions applied
    /// in the current hold, 0 when the lock is not held.
    ///
    /// Between two such actions nothing runs, so taking the lock once for a run of them changes
    /// only how long another thread waits for it: the lock is released at least every
    /// ``WorkQueue/longestHold`` actions, where that thread can take it, as it could between any
    /// two actions before. A queued action then takes fewer instructions than a dispatch to an idle
    /// store; what it adds is the read of an action another core wrote (B5 in <doc:Performance>).
    @inline(__always)
    private func reduceQueued(_ action: any Action, tracker: DispatchTracker?, held: inout Int) {
        if held == 0 {
            lock.lock()
        }
        guard reduceHoldingLock(action, tracker: tracker) else {
            held = 0
            return
        }
        held += 1
        if held == WorkQueue.longestHold {
            releaseHold(&held)
        }
    }

    /// Releases the store lock if a run of queued actions holds it (``reduceQueued(_:tracker:held:)``).
    @inline(__always)
    private func releaseHold(_ held: inout Int) {
        if held > 0 {
            lock.unlock()
            held = 0
        }
    }

    /// Applies one action: the middleware, then the reducers. Called by the draining thread,
    /// holding no lock.
    ///
    /// Inlined: a dispatch to an idle store calls it first thing.
    @inline(__always)
    func apply(_ action: any Action, tracker: DispatchTracker?) {
        guard runsMiddleware else {
            // No copy of the action into a local: copying an existential goes through its value
            // witnesses.
            reduce(action, tracker: tracker)
            return
        }
        guard let passed = runMiddleware(on: action) else {
            if let tracker, lock.withLock({ tracker.finish() }) {
                tracker.resume()
            }
            return
        }
        reduce(passed, tracker: tracker)
    }

    /// Runs the reducers for one action on the state, in place: a store of placed features hands
    /// its sub-state list to its context, any other store calls its app reducer. Called holding the
    /// lock, with `isReducing` set.
    ///
    /// - Returns: Whether any reducer (or a built-in result step) ran.
    @inline(__always)
    func runReducersLocked(_ action: any Action) -> Bool {
        let handled: Bool
        if let placedSubstates = placedSubstatesUnretained {
            // Unretained: see `placedSubstatesUnretained`.
            handled = placedSubstates._withUnsafeGuaranteedRef { list in
                context.applyPlaced(action, list: list, root: UnsafeMutableRawPointer(statePointer), provider: provider)
            }
        } else {
            context.beginApplying(marksThread: true)
            appReducer(provider, action, &statePointer.pointee)
            handled = context.endApplying()
        }
        if !retiredSubstates.isEmpty {
            retiredSubstates.removeAll()
        }
        return handled
    }

    /// Applies an action that passed the middleware: the app reducer under the lock, then the
    /// diagnostics and the subscribers outside it. Called by the draining thread, holding no lock.
    func reduce(_ action: any Action, tracker: DispatchTracker?) {
        lock.lock()
        if reduceHoldingLock(action, tracker: tracker) {
            lock.unlock()
        }
    }

    /// Applies an action that passed the middleware, called holding the lock: the app reducer,
    /// then, if anything follows outside the lock (diagnostics, subscribers, deferred work, an
    /// awaiting dispatch), ``finishReducing(_:unhandled:finished:tracker:)``, which releases it.
    ///
    /// - Returns: Whether the lock is still held: nothing followed the reduction.
    @inline(__always)
    func reduceHoldingLock(_ action: any Action, tracker: DispatchTracker?) -> Bool {
        isReducing = true
        // Assigned only when set: `currentTracker` is nil between actions, and assigning nil over
        // nil still releases (B1).
        if let tracker { currentTracker = tracker }
        // A `Dismissal` at the root is handled by the store itself (``dismissesRootLocked(_:)``).
        var handled = runReducersLocked(action)
        if hasElementPlacements { settleElementsLocked() }
        if !handled { handled = dismissesRootLocked(action) }
        isReducing = false
        if tracker != nil { currentTracker = nil }
        if isRecording {
            recordLocked(action)
        }

        let unhandled = reportsUnhandledActions && !handled
        let finished = tracker?.finish() == true
        guard unhandled || finished || hasObservationGroups || hasDeferredWork else {
            return true
        }
        finishReducing(action, unhandled: unhandled, finished: finished, tracker: tracker)
        return false
    }

    /// What follows a reduction when there is something to do: deferred work, the unhandled-action
    /// report, the observers, the awaiting dispatch. Called holding the lock; releases it.
    ///
    /// Kept out of `reduce` so that an action with nothing to follow does not pay for the state
    /// snapshot's stack space (a run-time size, in this unspecialised generic code).
    @inline(never)
    private func finishReducing(_ action: any Action, unhandled: Bool, finished: Bool, tracker: DispatchTracker?) {
        let reporter = self.reporter
        let deferred = takeDeferredWorkLocked()
        // An action an effect sent (a delegate action nobody answers) is reported as such.
        let sender = unhandled ? currentOrigin?.cause : nil
        // No `Root?` snapshot: in this unspecialised generic code, `Optional<Root>` would cost a
        // runtime metadata look-up on every action.
        if hasObservationGroups {
            let groups = observationGroups
            let snapshot = statePointer.pointee
            lock.unlock()
            runDeferredWork(deferred)
            reportIfUnhandled(unhandled, action, sentFor: sender, to: reporter)
            notify(groups, of: snapshot)
        } else {
            lock.unlock()
            runDeferredWork(deferred)
            reportIfUnhandled(unhandled, action, sentFor: sender, to: reporter)
        }
        if finished {
            tracker?.resume()
        }
    }

    /// Takes the work deferred until the lock is released. Called holding the lock.
    func takeDeferredWorkLocked() -> [() -> Void] {
        guard hasDeferredWork else { return [] }
        defer { deferredWork = [] }
        return deferredWork
    }

    private func reportIfUnhandled(
        _ unhandled: Bool, _ action: any Action, sentFor cause: (any Action)?, to reporter: IssueReporter
    ) {
        // A recorded action no feature here handles, replayed: nothing to report.
        guard unhandled, !(action is UnansweredAction) else { return }
        if let cause {
            reporter.report(UnhandledFollowUp.issue(action, sentFor: cause))
            return
        }
        reporter.report(
            ReduxIssue(
                .unhandledAction,
                "No reducer handled \(type(of: action)); register one for it in a feature's "
                    + "injectReducers(container:) and add the feature to the store at the part of the state "
                    + "it owns, or drop the action in a middleware."))
    }

    private func runMiddleware(on action: any Action) -> (any Action)? {
        var current = action
        for step in middleware {
            guard let next = step.handle(current, self) else { return nil }
            current = next
        }
        return current
    }
}
