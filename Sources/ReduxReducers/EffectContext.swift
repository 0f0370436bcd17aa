public import ReduxCore
package import ReduxShared

/// What running async work uses to hand its results back to the store.
///
/// An ``Effect``'s work gets one. Each call lands in the store's serial order, after what was
/// handed back before it, as its own step: middleware, the reducers and the observers see it
/// like any action, attributed to the action that started the work.
///
/// ```swift
/// .run { effect in
///     for await progress in download.progress {
///         effect.update { $0.progress = progress }
///     }
///     effect.send(DownloadFinished())
/// }
/// ```
///
/// Once the work is cancelled, nothing it hands back lands, even if it ignores the
/// cancellation.
public final class EffectContext<Substate>: Sendable {
    /// Where results go: the store that started the work.
    let sink: any EffectSink
    /// The running work this context belongs to.
    package let running: RunningEffect

    package init(sink: any EffectSink, running: RunningEffect) {
        self.sink = sink
        self.running = running
    }

    /// Changes the feature's state: the change is applied to the state as it is when its turn
    /// comes, so actions applied meanwhile are kept.
    ///
    /// - Parameters:
    ///   - change: Changes the state in place.
    ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave it to its default.
    ///   - line: The line of the call; leave it to its default.
    public func update(
        _ change: @escaping @Sendable (inout Substate) -> Void, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        update(change, site: CallSite(fileID: fileID, line: line))
    }

    /// Changes the feature's state, as ``update(_:fileID:line:)`` does, with the site to record: nil
    /// for a change the framework hands back (an `async` reducer's result).
    func update(_ change: @escaping @Sendable (inout Substate) -> Void, site: CallSite?) {
        sink.deliver(
            AsyncReducerResult(slot: running.slot, reducerType: running.reducerType, change: change), from: running,
            site: site, isChange: true)
    }

    /// Dispatches a follow-up action: it goes through middleware and routing like any action,
    /// after what this work handed back before it.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave it to its default.
    ///   - line: The line of the call; leave it to its default.
    public func send(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) {
        send(action, site: CallSite(fileID: fileID, line: line))
    }

    /// Dispatches a follow-up action, as ``send(_:fileID:line:)`` does, from a known site.
    package func send(_ action: any Action, site: CallSite?) {
        sink.deliver(action, from: running, site: site, isChange: false)
    }

    /// Notes that work started with ``EffectOperation/start(_:)`` is done.
    package func end() {
        sink.end(running)
    }

    /// Runs async work for work started with ``EffectOperation/start(_:)``, in a task the store
    /// cancels with the work, and ends the work when it returns. Call it from the start body.
    func spawn(_ body: @escaping @Sendable () async -> Void) {
        sink.spawn(running) { [self] in
            await body()
            end()
        }
    }
}

/// Where running work hands its results: the store that started it (its reduction sink).
package protocol EffectSink: AnyObject, Sendable {
    /// Where misuse the work commits is reported.
    var issueReporter: IssueReporter { get }

    /// Lands an action the work handed back (a change, as an ``AsyncReducerResult``, or a
    /// follow-up), unless the work was cancelled by the time its turn comes.
    ///
    /// - Parameters:
    ///   - site: Where the work handed it back (its `send` or `update` call); nil for a result
    ///     handed back by the framework (an `async` reducer's return value), which a recorder
    ///     attributes to the site of the action that started the work.
    ///   - isChange: Whether it is a change (applied straight to the reducers) rather than a
    ///     follow-up action (applied through the middleware); said here, where it is known, so
    ///     that landing it asks no run-time type question.
    func deliver(_ action: any Action, from effect: RunningEffect, site: CallSite?, isChange: Bool)

    /// Notes that the work is done (its task returned, or VISPER's completion was called): an
    /// awaited dispatch no longer waits for it.
    func end(_ effect: RunningEffect)

    /// Runs a task for work the store is starting (called holding the store's lock).
    func spawn(_ effect: RunningEffect, _ body: @escaping @Sendable () async -> Void)

    /// Handles an error the work threw: calls `handler` (the work's `catch:`), or reports it as
    /// ``ReduxIssue/Kind/effectFailed`` when there is none. Nothing when the work was cancelled:
    /// cancellation is not an error.
    func fail(with error: any Error, _ effect: RunningEffect, handler: (@Sendable (any Error) -> Void)?)
}

/// Work started by an effect, as long as it runs: what started it, and whether it was cancelled.
///
/// - Note: `@unchecked Sendable`: the mutable fields are guarded by the lock of the store that
///   started the work (the store's `lock`), which also makes every access exclusive: their run-time
///   exclusivity checks are off (`@exclusivity(unchecked)`).
package final class RunningEffect: @unchecked Sendable, Hashable {
    /// The async reducer that started the work.
    package let reducerType: Any.Type
    /// The place whose state the work changes.
    package let slot: ObjectIdentifier
    /// The work's cancellation id, if any.
    package let id: EffectID?
    /// The action whose reduction started the work.
    package let cause: any Action
    /// What waits for the work: the tracker of an awaited dispatch, kept by the store.
    package let waiter: AnyObject?
    /// The task running the work.
    @exclusivity(unchecked) package var task: Task<Void, Never>?
    /// Set when the work is cancelled: nothing it hands back lands after that.
    @exclusivity(unchecked) package var isCancelled = false
    /// Set when the work ended or was cancelled: it no longer counts as running.
    @exclusivity(unchecked) package var isFinished = false
    /// What the store's recorder gave `cause` (`StoreRecorder.markForCause()`), so that what the
    /// work hands back is recorded as caused by it; 0 when nothing recorded it.
    @exclusivity(unchecked) package var causeMark = 0
    /// Where `cause` was dispatched, when a recorder recorded it: the site of what the work
    /// hands back without one of its own.
    @exclusivity(unchecked) package var causeSite: CallSite?
    /// Where the store's list of running effects holds it (-1 when not running); guarded by the
    /// store's lock. Lets the store remove it without hashing.
    @exclusivity(unchecked) package var runningIndex = -1

    package init(
        reducerType: Any.Type, slot: ObjectIdentifier, id: EffectID?, cause: any Action, waiter: AnyObject?
    ) {
        self.reducerType = reducerType
        self.slot = slot
        self.id = id
        self.cause = cause
        self.waiter = waiter
    }

    package static func == (lhs: RunningEffect, rhs: RunningEffect) -> Bool {
        lhs === rhs
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
