internal import ReduxCore

/// A reducer that starts async work: it changes its state when the action is applied, and
/// returns the ``Effect`` to run, whose results land later.
///
/// ```swift
/// struct LoadTodosReducer: AsyncActionReducer {
///     func reduce(provider: any ReducerProvider, action: LoadTodos, state: inout TodoState) -> Effect<TodoState> {
///         state.isLoading = true
///         let client = provider.dependencies.todoClient
///         return .run { effect in
///             let todos = try await client.load()
///             effect.update { $0.todos = todos; $0.isLoading = false }
///             effect.send(TodosLoaded(count: todos.count))
///         } catch: { error, effect in
///             effect.update { $0.error = "\(error)"; $0.isLoading = false }
///         }
///     }
/// }
/// ```
///
/// The store runs `reduce` in its serial order like any reducer, then starts the effect. What
/// the effect hands back (changes, follow-up actions, as many as it needs) is applied through the
/// same serial order, to the state as it is then: actions applied meanwhile are kept. No other
/// registration is needed for a change to land, and `await store.dispatchAndWait(_:)` returns
/// only after the effect and everything it caused have landed. See <doc:Effects>.
///
/// Implement one of the three `reduce` requirements. The first is the one the store calls; the
/// other two are the earlier forms, kept for code written for them: an `async` function that
/// returns one change, and VISPER-Redux's completion, called once with a whole new state (which
/// replaces the state when it lands, so a change applied between the start and the completion is
/// lost; a second call is ignored).
public protocol AsyncActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType: Sendable
    /// The state this reducer changes.
    associatedtype ReducerStateType: Sendable

    /// Changes the state for an action and returns the async work to start.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states; gives the store's ``ReducerProvider/dependencies``.
    ///   - action: The dispatched action.
    ///   - state: The state to change now, in place.
    /// - Returns: The work to start, or ``Effect/none``.
    func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType
    ) -> Effect<ReducerStateType>

    /// Does the work for an action and returns the change to make to the state: the earlier
    /// form, which can neither send follow-up actions nor throw.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    /// - Returns: The change, applied by the store to the then-current state.
    func reduce(
        provider: any ReducerProvider, action: ReducerActionType
    ) async -> @Sendable (inout ReducerStateType) -> Void

    /// Starts the work for an action and calls `completion` with the new state when it is done:
    /// VISPER-Redux's form.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - completion: Call once with the new state, from any thread.
    func reduce(
        provider: any ReducerProvider,
        action: ReducerActionType,
        completion: @escaping @Sendable (_ newState: ReducerStateType) -> Void
    )
}

extension AsyncActionReducer {
    /// Runs a reducer written in VISPER's completion form, or in the `async` form, as an effect.
    ///
    /// The completion form is called at once, on the thread applying the action, as VISPER-Redux
    /// calls it; the value of its first completion call lands when it is made, and a second call
    /// is reported as ``ReduxIssue/Kind/completionCalledTwice`` and ignored. The `async` form runs
    /// in a task, and its change lands when it returns.
    ///
    /// - Parameters:
    ///   - provider: Passed to the earlier form.
    ///   - action: The dispatched action.
    ///   - state: Left unchanged: the earlier forms change the state only when their work is done.
    /// - Returns: An effect that runs the earlier form.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType
    ) -> Effect<ReducerStateType> {
        Effect(operations: [
            .start { effect in
                let completed = LockedValue(false)
                RunningEffectContext.$current.withValue(effect) {
                    reduce(provider: provider, action: action) { newState in
                        let isFirst = completed.withLock { wasCompleted in
                            defer { wasCompleted = true }
                            return !wasCompleted
                        }
                        guard isFirst else {
                            effect.sink.issueReporter.report(
                                ReduxIssue(
                                    .completionCalledTwice,
                                    "\(Self.self) called its completion more than once; the later value was ignored. "
                                        + "Call the completion of an async reducer exactly once."))
                            return
                        }
                        effect.update({ $0 = newState }, site: nil)
                        effect.end()
                    }
                }
                guard effect.runsAsyncForm.withLock({ $0 }) else { return }
                // The completion form is the default: the reducer is written in the `async` form.
                effect.spawn {
                    effect.update(await reduce(provider: provider, action: action), site: nil)
                }
            }
        ])
    }
}
