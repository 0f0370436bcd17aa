public import ReduxCore
internal import ReduxShared

// VISPER-Redux's spellings, kept so that its reducers port unchanged. Each runs as the core form
// (an in-place ActionReducer, an AsyncActionReducer returning an Effect); Porting.md lists them.

// MARK: Value-returning reducers

/// VISPER-Redux's reducer: returns the next state instead of changing it in place.
///
/// ```swift
/// struct SetUsernameReducer: ActionReducerType {
///     func reduce(provider: any ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState {
///         var state = state
///         state.userName = action.newUsername
///         return state
///     }
/// }
/// ```
///
/// It is an ``ActionReducer`` whose in-place `reduce` assigns the returned value back. That copies
/// the state: growing a collection inside it copies the collection too. New code implements
/// ``ActionReducer``'s in-place form.
public protocol ActionReducerType<ReducerActionType, ReducerStateType>: ActionReducer {
    /// The actions this reducer handles (the same as the core protocol's; named here so that a
    /// conforming type's form alone says what they are).
    associatedtype ReducerActionType
    /// The state this reducer changes.
    associatedtype ReducerStateType

    /// Returns the state after applying the action.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    ///   - state: The current state.
    /// - Returns: The next state.
    func reduce(provider: any ReducerProvider, action: ReducerActionType, state: ReducerStateType) -> ReducerStateType
}

extension ActionReducerType {
    /// Applies the value-returning form in place by assigning its result back.
    ///
    /// - Parameters:
    ///   - provider: Passed through.
    ///   - action: The dispatched action.
    ///   - state: The state to replace with the reducer's result.
    public func reduce(provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType) {
        state = reduce(provider: provider, action: action, state: state)
    }
}

extension ActionReducer {
    /// Returns the state an in-place reducer makes of a copy of `state`: VISPER-Redux's way of
    /// calling a reducer.
    ///
    /// - Parameters:
    ///   - provider: Passed through.
    ///   - action: The dispatched action.
    ///   - state: The current state.
    /// - Returns: The changed copy.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: ReducerStateType
    ) -> ReducerStateType {
        var copy = state
        reduce(provider: provider, action: action, state: &copy)
        return copy
    }
}

extension FunctionalReducer {
    /// Wraps a reduce function that returns the next state (VISPER-Redux's form).
    ///
    /// - Parameter reduceFunction: Returns the next state for an action and the current state.
    public init(
        reduceFunction:
            @escaping @Sendable (any ReducerProvider, ReducerActionType, ReducerStateType) -> ReducerStateType
    ) {
        self.init { provider, action, state in state = reduceFunction(provider, action, state) }
    }
}

extension ReducerContainer {
    /// Registers a reduce function that returns the next state (VISPER-Redux's form).
    ///
    /// - Parameter reduceFunction: Runs for every action that is a `ReducerAction` on every
    ///   reduced state of type `ReducerState`.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReduceFunction<ReducerAction, ReducerState>(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerAction, ReducerState) -> ReducerState
    ) {
        addReducer(reducer: FunctionalReducer(reduceFunction: reduceFunction))
    }
}

extension ReducerProvider {
    /// Reduces a copy of the state in place and returns it: VISPER-Redux's form.
    ///
    /// It copies the state: when a reducer then grows a large collection inside it, the
    /// collection is copied too. Prefer the in-place form.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The current value.
    /// - Returns: The reduced copy.
    /// - Complexity: O(*r*) for *r* matching reducers, plus a copy of `state`.
    public func reduce<Substate>(_ action: any Action, _ state: Substate) -> Substate {
        var copy = state
        reduce(action, &copy)
        return copy
    }
}

// MARK: Async reducers with a completion

/// VISPER-Redux's async reducer: starts work and calls a completion with the whole new state.
///
/// ```swift
/// struct ReplaceTodosReducer: AsyncActionReducerType {
///     func reduce(
///         provider: any ReducerProvider, action: LoadTodos, completion: @escaping @Sendable (TodoListState) -> Void
///     ) {
///         DispatchQueue.global().async { completion(TodoListState(todos: action.todos)) }
///     }
/// }
/// ```
///
/// It is an ``AsyncActionReducer`` whose effect calls `reduce(provider:action:completion:)` at
/// once, on the thread applying the action, as VISPER-Redux calls it. The first completion call's
/// value replaces the state when it lands (so a change applied between the start and the
/// completion is lost); a second call is reported as ``ReduxIssue/Kind/completionCalledTwice``
/// and ignored. New code returns an ``Effect`` whose `update` changes the state in place.
public protocol AsyncActionReducerType<ReducerActionType, ReducerStateType>: AsyncActionReducer {
    /// The actions this reducer handles (the same as the core protocol's; named here so that a
    /// conforming type's form alone says what they are).
    associatedtype ReducerActionType
    /// The state this reducer changes.
    associatedtype ReducerStateType

    /// Starts the work for an action and calls `completion` with the new state when it is done.
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

extension AsyncActionReducerType {
    /// Runs the completion form as an effect: the first completion call's value lands when it is
    /// made.
    ///
    /// - Parameters:
    ///   - provider: Passed to the completion form.
    ///   - action: The dispatched action.
    ///   - state: Left unchanged: the completion's value replaces it when it lands.
    /// - Returns: An effect that runs the completion form.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType
    ) -> Effect<ReducerStateType> {
        Effect(starting: { effect in
            let completed = LockedValue(false)
            reduce(provider: provider, action: action) { newState in
                guard isFirstCall(completed) else {
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
        })
    }

    /// Runs the completion form and returns its value as a change that replaces the state.
    ///
    /// Waits for the first call of the completion; later calls are ignored. Never returns if the
    /// completion is never called. (A store calls the completion form directly.)
    ///
    /// - Parameters:
    ///   - provider: Passed through.
    ///   - action: The dispatched action.
    /// - Returns: A change that sets the state to the completion's value.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType
    ) async -> @Sendable (inout ReducerStateType) -> Void {
        let resumed = LockedValue(false)
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<ReducerStateType, Never>) in
            reduce(provider: provider, action: action) { newState in
                if isFirstCall(resumed) { continuation.resume(returning: newState) }
            }
        }
        return { $0 = value }
    }
}

/// Whether a completion is called for the first time: marks `called` and returns whether it was
/// clear. A completion may be called from any thread, and more than once.
private func isFirstCall(_ called: LockedValue<Bool>) -> Bool {
    called.withLock { wasCalled in
        defer { wasCalled = true }
        return !wasCalled
    }
}

// MARK: App reducers (VISPER-Redux, ReduxSample)

/// A store's entry point in VISPER-Redux's value-returning form: given the provider, the action
/// and the current state, return the next state.
///
/// ```swift
/// let appReducer: AppReducer<AppState> = { provider, action, state in
///     AppState(user: provider.reduce(action, state.user), todos: provider.reduce(action, state.todos))
/// }
/// ```
///
/// A store built from features (`Store(initialState:features:)`) needs none. Building a new root
/// value copies every sub-state; growing a large collection afterwards then copies it too.
public typealias AppReducer<Root> =
    @Sendable (
        _ provider: any ReducerProvider, _ action: any Action, _ state: Root
    ) -> Root
