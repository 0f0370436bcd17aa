public import ReduxCore
package import ReduxShared

/// Async work an ``AsyncActionReducer`` starts for an action: what to run, under which id, and
/// what a thrown error becomes. A reducer that starts nothing returns ``none``.
///
/// ```swift
/// func reduce(provider: any ReducerProvider, action: LoadTodos, state: inout TodoState) -> Effect<TodoState> {
///     state.isLoading = true
///     let client = provider.dependencies.todoClient
///     return .run(id: TodoEffect.load, cancelInFlight: true) { effect in
///         let todos = try await client.load()
///         effect.update { $0.todos = todos; $0.isLoading = false }
///         effect.send(TodosLoaded(count: todos.count))
///     } catch: { error, effect in
///         effect.update { $0.error = "\(error)"; $0.isLoading = false }
///     }
/// }
/// ```
///
/// The store starts the work when it applies the action, in its serial order, and applies what
/// the work hands back (``EffectContext/update(_:fileID:line:)`` and ``EffectContext/send(_:fileID:line:)``) through that
/// same order, after the actions applied meanwhile. Work that is cancelled (by id, because a new
/// run took its id, because its feature was removed, or because the store went away) gets Swift
/// task cancellation, and nothing it hands back afterwards lands, even if it ignores the
/// cancellation.
public struct Effect<Substate>: Sendable {
    /// What the store does with the effect; nil for ``none``. One operation, not a list: every
    /// effect a reducer can return is one (and a list would be an allocation per effect).
    package let operation: EffectOperation?

    init(_ operation: EffectOperation?) {
        self.operation = operation
    }

    /// Work started synchronously, on the thread applying the action, with its context: how the
    /// earlier reducer forms run (``EffectOperation/start(_:)``). The body ends the work itself.
    init(starting body: @escaping @Sendable (_ effect: EffectContext<Substate>) -> Void) {
        self.init(.start { sink, running in body(EffectContext(sink: sink, running: running)) })
    }

    /// No async work.
    public static var none: Effect {
        Effect(nil)
    }

    /// Runs async work in a task of its own.
    ///
    /// The work hands back changes and follow-up actions through its ``EffectContext``, as many
    /// as it needs, in order. Write the error path after `catch:`; an error with no `catch:` is
    /// reported through the store's issue reporter as ``ReduxIssue/Kind/effectFailed``, naming
    /// the reducer, the action and the error. A `CancellationError`, or any error thrown after the
    /// work was cancelled, is not an error: nothing is reported and `catch:` is not called.
    ///
    /// Debounce is a sleep at the start of work that cancels the run before it:
    ///
    /// ```swift
    /// let clock = provider.dependencies.clock
    /// return .run(id: SearchEffect.query, cancelInFlight: true) { effect in
    ///     try await clock.sleep(for: .milliseconds(300))
    ///     effect.update { $0.results = try await … }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: Names the work, so that an ``Effect/cancel(id:at:)`` or a later run with
    ///     `cancelInFlight` can cancel it. Ids are scoped to the place of the feature that
    ///     registered the reducer. Any hashable value: an enum case (`enum TodoEffect { case load }`),
    ///     a string, a record's id. Two ids match when their values are of one type and equal
    ///     (`1 as Int8` is not `1`).
    ///   - cancelInFlight: Whether starting this work cancels the work already running under `id`
    ///     (search as you type: only the last query's results land).
    ///   - work: The async work; runs off the thread that applied the action.
    ///   - handler: What a thrown error becomes: update the state or send a failure action.
    /// - Returns: The effect.
    public static func run(
        id: (any Hashable & Sendable)? = nil,
        cancelInFlight: Bool = false,
        _ work: @escaping @Sendable (_ effect: EffectContext<Substate>) async throws -> Void,
        catch handler: (@Sendable (_ error: any Error, _ effect: EffectContext<Substate>) -> Void)? = nil
    ) -> Effect {
        let start: @Sendable (any EffectSink, any RunningWork) -> Task<Void, any Error> = { sink, running in
            sink.makeTask(for: running) {
                let context = EffectContext<Substate>(sink: sink, running: running)
                do {
                    // The work, and the code it calls, read the store's dependencies as
                    // `Dependencies.current`: the store runs the work with them (`EffectTaskValues`).
                    try await work(context)
                } catch {
                    if let handler {
                        sink.fail(with: error, running) { error in handler(error, context) }
                    } else {
                        sink.fail(with: error, running, handler: nil)
                    }
                }
                sink.end(running)
            }
        }
        return Effect(.run(EffectWork(id: id.map(EffectID.init), cancelsInFlight: cancelInFlight, start: start)))
    }

    /// Cancels the work running under an id: at the reducer's own feature place, or at the place
    /// of another feature (a parent cancelling the work of a feature it placed).
    ///
    /// Ids are scoped to the place of the feature that started the work, so the app's root
    /// reducer (or a feature placed to answer another's delegate action) names the place:
    ///
    /// ```swift
    /// container.addAsyncReduceFunction { (_, _: LogOut, state: inout AppState) -> Effect<AppState> in
    ///     state.session = Session()
    ///     return .cancel(id: TodoEffect.load, at: \AppState.todos)  // the to-do feature's load
    /// }
    /// ```
    ///
    /// A cancel that matches no running work is reported as ``ReduxIssue/Kind/unmatchedCancel``
    /// (a diagnostic, which names where work under the id runs, if anywhere).
    ///
    /// - Parameters:
    ///   - id: The id the work was started with.
    ///   - place: Where the feature that started the work is placed: a key path from the store's
    ///     root state (`\AppState.todos`; `\AppState.self` for the root); nil (the default) for
    ///     the reducer's own place. A place where no feature is placed is reported as misuse.
    /// - Returns: The effect.
    public static func cancel(id: some Hashable & Sendable, at place: (AnyKeyPath & Sendable)? = nil) -> Effect {
        Effect(.cancel(EffectID(id), at: place))
    }

    /// Cancels all the work running at the place of a feature, whatever its ids: a parent (the
    /// app's root reducer, say) stopping a child feature's work, which stays placed and registered.
    ///
    /// ```swift
    /// container.addAsyncReduceFunction { (_, _: LogOut, state: inout AppState) -> Effect<AppState> in
    ///     state = AppState()
    ///     return .merge(.cancel(at: \AppState.catalog), .cancel(at: \AppState.plan))
    /// }
    /// ```
    ///
    /// Only the work of the feature placed there (of reducers it registered); features placed
    /// deeper have places of their own. Work the cancel finds running gets task cancellation, and
    /// nothing it hands back afterwards lands; finding none is not an issue.
    ///
    /// - Parameter place: Where the feature is placed: a key path from the store's root state
    ///   (`\AppState.todos`; `\AppState.self` for the root). A place where no feature is placed is
    ///   reported as misuse.
    /// - Returns: The effect.
    public static func cancel(at place: AnyKeyPath & Sendable) -> Effect {
        Effect(.cancelAll(at: place))
    }

    /// All the effects at once: each is started (or sent, or cancels) now, in the order given,
    /// and none waits for another. A dispatch awaited with `dispatchAndWait` waits for all of them.
    ///
    /// ```swift
    /// return .merge(.cancel(id: SearchEffect.query), .send(SearchCleared()))
    /// ```
    ///
    /// - Parameter effects: The effects; ``none`` among them does nothing.
    /// - Returns: The effect.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// All the effects at once: each is started (or sent, or cancels) now, in the order given,
    /// and none waits for another.
    ///
    /// - Parameter effects: The effects; ``none`` among them does nothing.
    /// - Returns: The effect.
    public static func merge(_ effects: [Effect]) -> Effect {
        combined(effects, as: EffectOperation.merge)
    }

    /// The effects one after another: each starts when the work of the one before has ended (a
    /// `send` or a `cancel` ends at once).
    ///
    /// ```swift
    /// return .concatenate(
    ///     .run { effect in try await client.save(draft); effect.update { $0.isSaved = true } },
    ///     .send(ReloadList()))
    /// ```
    ///
    /// Each part keeps its id, so cancelling one part's id stops that part and the next one
    /// starts; cancelling the whole concatenation (its feature's place, or the store going away)
    /// stops the part running and starts no other. A part's work that throws ends that part, as
    /// its `catch:` says, and the next one starts.
    ///
    /// - Parameter effects: The effects; ``none`` among them does nothing.
    /// - Returns: The effect.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }

    /// The effects one after another: each starts when the work of the one before has ended.
    ///
    /// - Parameter effects: The effects; ``none`` among them does nothing.
    /// - Returns: The effect.
    public static func concatenate(_ effects: [Effect]) -> Effect {
        combined(effects, as: EffectOperation.concatenate)
    }

    /// `effects` as one: none for none, the effect itself for one, else `combine` of their
    /// operations.
    private static func combined(_ effects: [Effect], as combine: ([EffectOperation]) -> EffectOperation) -> Effect {
        let operations = effects.compactMap(\.operation)
        guard operations.count > 1 else { return Effect(operations.first) }
        return Effect(combine(operations))
    }

    /// Sends an action when the store applies the reducer's action, with no async work: a
    /// follow-up, attributed to the action that caused it and awaited with it, as
    /// ``EffectContext/send(_:fileID:line:)`` sends one from work.
    ///
    /// ```swift
    /// container.addAsyncReduceFunction { (_, action: LogIn, state: inout Session) -> Effect<Session> in
    ///     state.user = action.name
    ///     return .send(LoadTodos(owner: action.name))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action to send; it goes through middleware and routing like any action,
    ///     after the one being applied.
    ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave the default.
    ///   - line: The line of the call; leave the default.
    /// - Returns: The effect.
    public static func send(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) -> Effect {
        Effect(.send(action, site: CallSite(fileID: fileID, line: line)))
    }

    /// Dismisses the screen, row or child the reducer's feature is placed at (`forEach`, `ifLet`),
    /// however it is shown: sends a ``Dismissal`` follow-up action addressed to it.
    ///
    /// ```swift
    /// case .closeTapped:
    ///     return .dismiss
    /// ```
    ///
    /// From a feature placed anywhere else it dismisses nothing.
    public static var dismiss: Effect {
        Effect(.send(Dismissal(), site: nil))
    }
}
