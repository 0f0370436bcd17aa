package import ReduxCore

/// Where running work hands its results: the store that started it (its reduction sink).
package protocol EffectSink: AnyObject, Sendable {
    /// Where misuse the work commits is reported.
    var issueReporter: IssueReporter { get }

    /// Lands an action the work handed back (a change, as ReduxReducers' `AsyncReducerResult`,
    /// or a follow-up), unless the work was cancelled by the time its turn comes.
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

    /// Makes the task of work the store is starting (called holding the store's lock).
    ///
    /// Generic, so that the closure literal the caller passes reaches `Task`'s initialiser as it
    /// is: a closure value of the concrete type `() async throws -> Void` is wrapped in a
    /// reabstraction thunk on its way in, an allocation and an async frame per task. The
    /// operation must end the work (``end(_:)``) when it is done.
    ///
    /// - Parameters:
    ///   - effect: The running work the task runs.
    ///   - operation: The task's operation.
    /// - Returns: The task.
    func makeTask<Success: Sendable>(
        for effect: any RunningWork, _ operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error>

    /// Runs a task for work the store is starting (called holding the store's lock).
    func spawn(_ effect: any RunningWork, _ body: @escaping @Sendable () async -> Void)

    /// Performs an operation as a step of `effect`'s work (a part of a concatenation), in the
    /// store's serial order, and returns when the work it started has ended.
    func perform(_ operation: EffectOperation, within effect: any RunningWork) async

    /// Handles an error the work threw: calls `handler` (the work's `catch:`), or reports it as
    /// `ReduxIssue.Kind.effectFailed` when there is none. Nothing when the work was cancelled:
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

/// Lets the registry and ReduxTesting recognise a change an effect handed back (ReduxReducers' `AsyncReducerResult`) whatever its state type.
package protocol AsyncResultCarrier {
    /// The type of the state the change applies to.
    var resultType: Any.Type { get }
    /// The slot the change applies to.
    var slot: ObjectIdentifier { get }
    /// The async reducer that produced it.
    var reducerType: Any.Type { get }
}

/// An action that carries a closure (ReduxUI's `BindingAction`), which a journal writes as the
/// action itself only when ``isJournaledAsItself(_:)`` (its `Codable` form names every part of the
/// closure); otherwise as the state it leaves, as an effect's change is, which replay restores.
package protocol JournaledAsState: Action {
    /// Whether an action of this type has a `Codable` form that rebuilds it exactly: then a
    /// journal writes the action (a few bytes), else the whole state after it. Static, so that a
    /// recorder that knows the type asks without a cast of the action to this protocol.
    ///
    /// - Parameter action: An action of this type.
    static func isJournaledAsItself(_ action: any Action) -> Bool
}

/// A dependency that hears when its store's effects start and end work: a test clock, which lets
/// started work reach its sleep before it moves.
package protocol EffectWorkObserver: AnyObject, Sendable {
    /// Work started: an effect's `.run` (or an earlier reducer form). Called holding the store's lock.
    func workStarted()
    /// That work ended, or was cancelled. Called holding the store's lock.
    func workEnded()
}
