public import ReduxCore
internal import ReduxReducers
internal import ReduxShared

extension Store {
    /// While middleware, reducers or observers handle an action that an effect sent (a change or
    /// a follow-up action), the action whose reducer started that effect; nil for an action
    /// dispatched from outside an effect.
    ///
    /// ```swift
    /// let log = Middleware<AppState> { action, store in
    ///     if let cause = store.currentCause { print(action, "caused by", cause) }
    ///     return action
    /// }
    /// ```
    ///
    /// Read it on the thread applying the action (in middleware or an observer); other threads
    /// see whatever action is being applied at that moment.
    public var currentCause: (any Action)? {
        lock.withLock { currentOrigin?.cause }
    }

    /// Starts the effect an async reducer returned. Called by the draining thread holding the
    /// lock, while the action is reduced.
    func startLocked(
        _ operation: consuming EffectOperation, reducerType: Any.Type, slot: ObjectIdentifier, action: any Action
    ) {
        // Replaying a recording: the recorded results are applied instead, nothing runs again.
        guard !suppressesEffects else { return }
        // Consumed: the work's closure and id are moved into the task, not copied.
        switch consume operation {
        case .cancel(let id, let place):
            cancelLocked(id: id, at: place, from: slot, reducerType: reducerType)
        case .run(let work):
            if let id = work.id, work.cancelsInFlight {
                cancelLocked(runningLocked(id: id, slot: slot))
            }
            let running = beginLocked(reducerType: reducerType, slot: slot, id: work.id, action: action)
            // The sink, which the running effect keeps, holds the store weakly: a store that went
            // away cancelled the task.
            sink.startTask(of: work, for: running)
            onWorkStarted?(reducerType)
        case .cancelAll(let place):
            guard let target = placedSlotLocked(place, reducerType: reducerType, cancelling: "all its work") else {
                return
            }
            cancelLocked(effects.running(slot: target))
        case .send(let followUp, let site):
            let running = beginLocked(reducerType: reducerType, slot: slot, id: nil, action: action)
            sink.deliver(followUp, from: running, site: site, isChange: false)
            sink.end(running)
        case .start(let body):
            body(effectSink, beginLocked(reducerType: reducerType, slot: slot, id: nil, action: action))
            onWorkStarted?(reducerType)
        case .merge(let parts):
            for part in parts {
                startLocked(part, reducerType: reducerType, slot: slot, action: action)
            }
        case .concatenate(let parts):
            // One piece of work that performs the parts in turn, each as a step of it.
            let work = EffectWork(id: nil, cancelsInFlight: false) { sink, running in
                sink.makeTask(for: running) {
                    for part in parts {
                        guard !Task.isCancelled else { break }
                        await sink.perform(part, within: running)
                    }
                    sink.end(running)
                }
            }
            startLocked(.run(work), reducerType: reducerType, slot: slot, action: action)
        }
    }

    /// The slot of the feature placed at `place`; nil, with misuse reported, when none is placed
    /// there. Called holding the lock.
    private func placedSlotLocked(
        _ place: AnyKeyPath, reducerType: Any.Type, cancelling what: String
    )
        -> ObjectIdentifier?
    {
        if let placed = featureLocations?.placedSlot(for: place) {
            return placed
        }
        deferIssue(
            ReduxIssue(
                .misuse,
                "\(publicReducerName(of: reducerType)) cancels \(what) at \(place), where no feature of this store (of \(Root.self)) is "
                    + "placed; name the key path, from \(Root.self), at which the feature that runs the work "
                    + "was placed."))
        return nil
    }

    /// Cancels the work running under an id at the reducer's place, or at the place a key path
    /// names; reports a place where no feature is placed, and a cancel that matched nothing.
    /// Called holding the lock.
    private func cancelLocked(id: EffectID, at place: AnyKeyPath?, from slot: ObjectIdentifier, reducerType: Any.Type) {
        var target = slot
        if let place {
            guard let placed = placedSlotLocked(place, reducerType: reducerType, cancelling: "\(id)") else { return }
            target = placed
        }
        let running = runningLocked(id: id, slot: target)
        guard running.isEmpty else {
            cancelLocked(running)
            return
        }
        let elsewhere = effects.places(runningID: id).compactMap { featureLocations?.keyPath(ofSlot: $0) }
        let hint =
            elsewhere.isEmpty
            ? "No work under \(id) runs anywhere in the store now."
            : "Work under \(id) runs at " + elsewhere.map { "\($0)" }.joined(separator: ", ")
                + ": ids are scoped to the place of the feature that started the work; cancel it there with "
                + ".cancel(id:at:)."
        deferIssue(
            ReduxIssue(
                .unmatchedCancel,
                "\(publicReducerName(of: reducerType)) cancelled \(id) at \(place.map { "\($0)" } ?? "its own place"), where no work "
                    + "under that id was running. \(hint)"))
    }

    /// Registers work that starts now, for cancellation and for the awaited dispatch it belongs to.
    /// Called holding the lock.
    ///
    /// - Parameters:
    ///   - parent: The work this is a step of (a part of a concatenation), whose awaited dispatch
    ///     and recorded cause it shares; nil for work an action starts as it is reduced.
    private func beginLocked(
        reducerType: Any.Type, slot: ObjectIdentifier, id: EffectID?, action: any Action,
        within parent: RunningEffect? = nil
    ) -> RunningEffect {
        let tracker = parent.map(\.tracker) ?? currentTracker
        let running = RunningEffect(
            reducerType: reducerType, slot: slot, id: id, cause: action, tracker: tracker,
            address: parent?.address ?? addressLocked(ofWorkAt: slot), sink: effectSink)
        if let parent {
            running.causeMark = parent.causeMark
            running.causeSite = parent.causeSite
            running.isStep = true
        } else {
            markRecordedCauseLocked(of: running)
            notifyWorkObservers(started: 1)
        }
        tracker?.addPending()
        effects.insert(running)
        return running
    }

    /// Performs an operation as a step of `parent`'s work (a part of a concatenation), in the
    /// serial order, and returns when the work it started has ended: work runs in a task of its
    /// own, under its own id, so that cancelling the id ends this step and the next one starts;
    /// cancelling the parent cancels the step.
    func perform(_ operation: EffectOperation, within parent: RunningEffect) async {
        switch operation {
        case .run(let work):
            let task = await withCheckedContinuation { (started: CheckedContinuation<Task<Void, any Error>?, Never>) in
                performLocked { store in
                    guard !parent.isCancelled, !store.suppressesEffects else { return started.resume(returning: nil) }
                    if let id = work.id, work.cancelsInFlight {
                        store.cancelLocked(store.runningLocked(id: id, slot: parent.slot, address: parent.address))
                    }
                    let step = store.beginLocked(
                        reducerType: parent.reducerType, slot: parent.slot, id: work.id, action: parent.cause,
                        within: parent)
                    store.sink.startTask(of: work, for: step)
                    started.resume(returning: step.task)
                }
            }
            await withTaskCancellationHandler {
                _ = await task?.result
            } onCancel: {
                task?.cancel()
            }
        case .merge(let parts):
            guard !parts.isEmpty else { return }
            // Each part runs side by side as a branch of this one, and a test clock counts each
            // branch as work until it ends (a step is counted as the branch waiting for it); the
            // last branch to end hands its count back to this one, so the count never drops
            // while the work goes on.
            notifyWorkObservers(started: parts.count - 1)
            let branches = LockedValue(parts.count)
            await withTaskGroup(of: Void.self) { group in
                for part in parts {
                    group.addTask {
                        await self.perform(part, within: parent)
                        if branches.withLock({ remaining in
                            remaining -= 1
                            return remaining > 0
                        }) {
                            self.notifyWorkObservers(ended: 1)
                        }
                    }
                }
            }
        case .concatenate(let parts):
            for part in parts {
                guard !Task.isCancelled else { return }
                await perform(part, within: parent)
            }
        case .send(let action, let site):
            deliver(action, from: parent, site: site, isChange: false)
        case .cancel, .cancelAll, .start:
            // Done at once, as when a reducer returns it, for the parent's reducer and place.
            performLocked { store in
                store.startLocked(operation, reducerType: parent.reducerType, slot: parent.slot, action: parent.cause)
            }
        }
    }

    /// Handles an error an effect's work threw: its `catch:` (`handler`), or a report. Not when the
    /// work was cancelled: cancellation is not an error.
    func fail(with error: any Error, _ running: RunningEffect, handler: (@Sendable (any Error) -> Void)?) {
        guard !(error is CancellationError), !lock.withLock({ running.isCancelled }) else { return }
        if let unimplemented = error as? UnimplementedEndpoint {
            // A test's mistake, not the service's failure: reported even when the run catches it.
            issueReporter.report(
                ReduxIssue(
                    .missingDependency,
                    "The effect \(publicReducerName(of: running.reducerType)) started for "
                        + "\(caseName(of: running.cause)) called an unimplemented endpoint: \(unimplemented)"))
        }
        if let handler {
            handler(error)
            return
        }
        guard !(error is UnimplementedEndpoint) else { return }
        issueReporter.report(
            ReduxIssue(
                .effectFailed,
                "The effect \(publicReducerName(of: running.reducerType)) started for \(type(of: running.cause)) threw \(error), and its "
                    + "run has no catch: to say what the error becomes. Add `catch: { error, effect in … }` to the "
                    + ".run and update the state or send a failure action there."))
    }

    /// Notes that an effect's work returned (or threw).
    func end(_ running: RunningEffect) {
        lock.lock()
        let settled = finishLocked(running)
        let onEffectEnd = self.onEffectEnd
        lock.unlock()
        settled?.resume()
        onEffectEnd?()
    }

    /// Cancels running effects: their tasks are cancelled once the lock is released, and nothing
    /// they hand back lands from now on. Called holding the lock, on the thread applying actions.
    func cancelLocked(_ running: [RunningEffect]) {
        for effect in running {
            effect.isCancelled = true
            if let settled = finishLocked(effect) {
                deferUntilUnlocked { settled.resume() }
            }
            if let task = effect.task {
                deferUntilUnlocked { task.cancel() }
            }
        }
        if let onEffectEnd, !running.isEmpty {
            deferUntilUnlocked(onEffectEnd)
        }
    }

    /// Marks an effect as no longer running. Called holding the lock.
    ///
    /// - Returns: The tracker of the awaited dispatch it settled, whose waiter the caller resumes
    ///   outside the lock.
    private func finishLocked(_ running: RunningEffect) -> DispatchTracker? {
        guard !running.isFinished else { return nil }
        running.isFinished = true
        effects.remove(running)
        if !running.isStep {
            notifyWorkObservers(ended: 1)
        }
        guard let tracker = running.tracker else { return nil }
        return tracker.finish() ? tracker : nil
    }

    /// Tells the test clocks among the dependencies (``EffectWorkObserver``) that pieces of
    /// work started.
    private func notifyWorkObservers(started count: Int) {
        for observer in sink.workObservers {
            for _ in 0..<count { observer.workStarted() }
        }
    }

    /// Tells the test clocks among the dependencies that pieces of work ended.
    private func notifyWorkObservers(ended count: Int) {
        for observer in sink.workObservers {
            for _ in 0..<count { observer.workEnded() }
        }
    }

    /// Runs work once the action being applied has released the lock: cancelling tasks (which
    /// runs their cancellation handlers) and resuming waiters never happen under it.
    private func deferUntilUnlocked(_ work: @escaping () -> Void) {
        deferredWork.append(work)
    }

    /// Runs the work deferred while the lock was held. Called holding no lock.
    func runDeferredWork(_ work: [() -> Void]) {
        for item in work {
            item()
        }
    }

    /// Lands what an effect handed back, in the serial order, unless the effect is cancelled by
    /// the time its turn comes.
    func deliver(_ action: any Action, from running: RunningEffect, site: CallSite?, isChange: Bool) {
        lock.lock()
        // Cancelled already: it would be dropped when its turn came.
        guard !running.isCancelled else {
            lock.unlock()
            return
        }
        // A feature at a fixed part (a place that is not the root's and not at elements) has
        // nothing to dismiss. Asked of a `Dismissal` only.
        if type(of: action) == Dismissal.self, running.address.isEmpty,
            let part = featureLocations?.places.first(where: { $0.slot == running.slot && !$0.atElements })
        {
            lock.unlock()
            reportFixedPartDismissal(running, part: part.keyPath)
            return
        }
        running.tracker?.addPending()
        landOrQueueLocked(action, from: running, site: site, isChange: isChange)
    }

    /// Reports a ``Dismissal`` sent by the work of a feature placed at a fixed part, which nothing
    /// can dismiss: dropped, rather than taken for the root's, which would end all the store's work.
    @inline(never)
    private func reportFixedPartDismissal(_ running: RunningEffect, part: AnyKeyPath) {
        issueReporter.report(
            ReduxIssue(
                .misuse,
                "\(publicReducerName(of: running.reducerType)), placed at \(part), sent a Dismissal, but a fixed part "
                    + "of the state cannot be dismissed (a Dismissal ends a screen, a row or a child placed with "
                    + "forEach or ifLet), so it was dropped; place the feature where it is presented, with forEach or "
                    + "ifLet, or send its parent a delegate action that closes it."))
    }

    /// Applies what an effect handed back. Called by the draining thread, holding the lock, which
    /// it releases.
    ///
    /// A change that no test store holds and no element is addressed by is reduced in the same
    /// hold of the lock, as a queued action is: with the check in `deliver`,
    /// one hold for what every effect's `update` costs, not four.
    func applyEffectOutputLocked(_ action: any Action, from running: RunningEffect, site: CallSite?, isChange: Bool) {
        let tracker = running.tracker
        guard !running.isCancelled else {
            let settled = tracker?.finish() == true
            lock.unlock()
            if settled { tracker?.resume() }
            return
        }
        currentOrigin = running
        if isRecording {
            recordedSite = site ?? running.causeSite
        }
        let hold = effectOutputHold
        if isChange, hold == nil, running.address.isEmpty {
            if reduceHoldingLock(action, tracker: tracker) {
                currentOrigin = nil
                lock.unlock()
            } else {
                lock.withLock { currentOrigin = nil }
            }
            return
        }
        lock.unlock()
        if let hold, hold(action, running.address) {
            // Held by a test store until the test receives it (``release(_:)``).
            let settled = lock.withLock {
                currentOrigin = nil
                return tracker?.finish() == true
            }
            if settled { tracker?.resume() }
            return
        }
        applyHandedBack(action, tracker: tracker, isChange: isChange, address: running.address)
        lock.withLock { currentOrigin = nil }
    }

    /// Applies what an effect handed back: a follow-up action through the middleware, like any
    /// action; a change (an ``AsyncReducerResult``) straight to the reducers, as middleware is for
    /// actions. Called by the draining thread, holding no lock.
    private func applyHandedBack(
        _ action: any Action, tracker: DispatchTracker?, isChange: Bool, address: [ElementStep]
    ) {
        applyAddressed(to: address) {
            if isChange {
                reduce(action, tracker: tracker)
            } else {
                apply(action, tracker: tracker)
            }
        }
    }

    /// Calls `body` each time a reducer starts async work (a `.run`, or an earlier reducer form),
    /// not for a `.cancel` or a `.send`: a synchronous assertion refuses what it cannot apply.
    ///
    /// - Parameter body: Called holding the lock, with the reducer's type.
    func observeStartedWork(_ body: @escaping @Sendable (Any.Type) -> Void) {
        lock.withLock { onWorkStarted = body }
    }

    /// Holds what effects hand back where `hold` says so, instead of applying it: a test store
    /// keeps each change and follow-up action until the test receives it.
    ///
    /// - Parameter hold: Called by the thread applying the store's actions, holding no lock, with
    ///   each change (an ``AsyncReducerResult``) or follow-up action and the element it is
    ///   addressed to (give it back to ``release(_:address:)``); returns whether to hold it.
    func holdEffectOutput(where hold: @escaping @Sendable (any Action, _ address: [ElementStep]) -> Bool) {
        lock.withLock { effectOutputHold = hold }
    }

    /// Applies something an effect handed back that ``holdEffectOutput(where:)`` held, in the
    /// store's serial order, as the store would have applied it: a follow-up action through the
    /// middleware, a change straight to the reducers.
    ///
    /// - Parameters:
    ///   - output: What was held.
    ///   - address: The element it is addressed to, as the hold was told.
    func release(_ output: any Action, address: [ElementStep]) {
        enqueue(
            .perform { [self] in
                applyHandedBack(output, tracker: nil, isChange: output is any AsyncResultCarrier, address: address)
            })
    }

    /// Runs a change to the store in its serial order, holding the lock; the tasks it cancels are
    /// cancelled after the lock is released.
    ///
    /// - Parameter body: The change; gets the store.
    func performLocked(_ body: @escaping (Store) -> Void) {
        enqueue(
            .perform { [self] in
                lock.lock()
                body(self)
                let deferred = takeDeferredWorkLocked()
                lock.unlock()
                runDeferredWork(deferred)
            })
    }

    /// Reports an issue once the lock is released. Called holding the lock.
    func deferIssue(_ issue: ReduxIssue) {
        let reporter = self.reporter
        deferUntilUnlocked { reporter.report(issue) }
    }

    /// Cancels every effect running at a place (a feature removed). Called holding the lock.
    func cancelEffectsLocked(slot: ObjectIdentifier) {
        cancelLocked(effects.running(slot: slot))
    }

    /// The effects running now, oldest first, each with the async reducer that started it and
    /// the action it started for: what a test store names when work is still in flight.
    var runningEffects: [(reducerType: Any.Type, cause: any Action)] {
        lock.withLock { effects.all.map { ($0.reducerType, $0.cause) } }
    }

    /// Sets what is called, outside the lock, each time effects end or are cancelled: a test
    /// store waiting for work in flight checks again then.
    ///
    /// - Parameter body: The call; nil for none.
    func setEffectEndHandler(_ body: (@Sendable () -> Void)?) {
        lock.withLock { onEffectEnd = body }
    }

    /// Calls a closure once everything queued before it has been applied: a barrier in the
    /// store's serial order. It runs now when the store is idle.
    ///
    /// - Parameter body: The call; made by the thread draining the store, holding no lock.
    func afterQueuedWork(_ body: @escaping @Sendable () -> Void) {
        enqueue(.perform(body))
    }

    /// Cancels every running effect, when the store goes away.
    func cancelAllEffects() {
        lock.lock()
        let running = effects.all
        for effect in running {
            effect.isCancelled = true
            effect.isFinished = true
            if !effect.isStep {
                notifyWorkObservers(ended: 1)
            }
        }
        effects = RunningEffects()
        lock.unlock()
        for effect in running {
            effect.task?.cancel()
        }
    }
}

extension Store {
    /// A part of the state that a place declared it reads, read now.
    ///
    /// - Returns: The part, or nil (reported) when the place declared no part of that type.
    func read<Value>(_ type: Value.Type, declaredBy slot: ObjectIdentifier) -> Value? {
        lock.lock()
        let parts = readableParts[slot] ?? []
        if let keyPath = parts.first(where: { Swift.type(of: $0).valueType == Value.self }) {
            let value = statePointer.pointee[keyPath: keyPath] as? Value
            lock.unlock()
            return value
        }
        let reporter = self.reporter
        lock.unlock()
        reporter.report(
            ReduxIssue(
                .misuse,
                "A reducer read \(Value.self), which the placement of its feature did not declare; declare it where "
                    + "the feature is placed: feature.at(\\.part, reading: \\.other)."))
        return nil
    }
}

/// An action as a failure names its cause: its type, and for an enum its case (`PlanAction.save`).
private func caseName(of action: any Action) -> String {
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum else { return "\(type(of: action))" }
    return "\(type(of: action)).\(mirror.children.first?.label ?? "\(action)")"
}
