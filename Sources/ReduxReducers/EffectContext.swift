public import ReduxCore
internal import ReduxShared

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
public struct EffectContext<Substate>: Sendable {
    /// Where results go: the store that started the work.
    let sink: any EffectSink
    /// The running work this context belongs to.
    let running: any RunningWork

    init(sink: any EffectSink, running: any RunningWork) {
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

    /// Dismisses the screen, row or child the work's feature is placed at, as ``Effect/dismiss``
    /// does: after saving, say.
    ///
    /// ```swift
    /// return .run { effect in
    ///     try await client.save(form)
    ///     effect.dismiss()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where it was sent from; leave the default.
    ///   - line: Where it was sent from; leave the default.
    public func dismiss(fileID: StaticString = #fileID, line: UInt = #line) {
        send(Dismissal(), site: CallSite(fileID: fileID, line: line))
    }

    /// Dispatches a follow-up action, as ``send(_:fileID:line:)`` does, from a known site.
    func send(_ action: any Action, site: CallSite?) {
        sink.deliver(action, from: running, site: site, isChange: false)
    }

    /// Notes that work started with ``EffectOperation/start(_:)`` is done.
    func end() {
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
