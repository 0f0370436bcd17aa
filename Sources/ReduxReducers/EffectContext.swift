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
    package let running: any RunningWork

    package init(sink: any EffectSink, running: any RunningWork) {
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
    func deliver(_ action: any Action, from effect: any RunningWork, site: CallSite?, isChange: Bool)

    /// Notes that the work is done (its task returned, or VISPER's completion was called): an
    /// awaited dispatch no longer waits for it.
    func end(_ effect: any RunningWork)

    /// Runs a task for work the store is starting (called holding the store's lock).
    func spawn(_ effect: any RunningWork, _ body: @escaping @Sendable () async -> Void)

    /// Handles an error the work threw: calls `handler` (the work's `catch:`), or reports it as
    /// ``ReduxIssue/Kind/effectFailed`` when there is none. Nothing when the work was cancelled:
    /// cancellation is not an error.
    func fail(with error: any Error, _ effect: any RunningWork, handler: (@Sendable (any Error) -> Void)?)
}

/// Work an effect started, as the work itself knows it: where its changes land and which reducer
/// started it. The store that runs the work keeps the rest (`RunningEffect`, in ReduxStore) and
/// gets its own object back in every ``EffectSink`` call.
package protocol RunningWork: AnyObject, Sendable {
    /// The async reducer that started the work.
    var reducerType: Any.Type { get }
    /// The place whose state the work changes.
    var slot: ObjectIdentifier { get }
}
