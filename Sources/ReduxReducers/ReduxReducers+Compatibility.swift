public import ReduxCore

// Spellings from VISPER-Redux, ReduxSample and ReSwift, kept so that their code ports unchanged.
// Each is a thin forward to the core API (in-place reducers, features placed in the root state);
// Docs/MultiRedux.docc/Articles/Porting.md lists them all.

// MARK: Value-returning reducers (VISPER-Redux)

extension ActionReducer {
    /// Applies a value-returning reducer in place by assigning its result back.
    ///
    /// This is how the store runs a reducer written in VISPER's value-returning form. It copies
    /// the state: growing a collection inside it copies the collection too.
    ///
    /// - Parameters:
    ///   - provider: Passed through.
    ///   - action: The dispatched action.
    ///   - state: The state to replace with the reducer's result.
    public func reduce(provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType) {
        state = reduce(provider: provider, action: action, state: state)
    }

    /// Returns the state an in-place reducer makes of a copy of `state`.
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

/// The name of ``ActionReducer`` from before 1.0, when in-place reducers had a protocol of their
/// own; ``ActionReducer`` now has both forms.
public typealias InPlaceActionReducer = ActionReducer

/// VISPER-Redux's name for ``ActionReducer``.
public typealias ActionReducerType = ActionReducer

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

// MARK: Async reducers (VISPER-Redux)

extension AsyncActionReducer {
    /// Runs a reducer written in VISPER's completion form and returns its value as a change that
    /// replaces the state.
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
                let isFirst = resumed.withLock { wasResumed in
                    defer { wasResumed = true }
                    return !wasResumed
                }
                if isFirst { continuation.resume(returning: newState) }
            }
        }
        return { $0 = value }
    }

    /// The completion form of a reducer written in another form: never calls `completion`.
    ///
    /// A reducer written in the effect or the `async` form has no whole new state to pass. Called
    /// by the store for a reducer in the `async` form, it tells the store to run that form instead.
    ///
    /// - Parameters:
    ///   - provider: Unused.
    ///   - action: Unused.
    ///   - completion: Never called.
    public func reduce(
        provider: any ReducerProvider, action: ReducerActionType,
        completion: @escaping @Sendable (_ newState: ReducerStateType) -> Void
    ) {
        (RunningEffectContext.current as? EffectContext<ReducerStateType>)?.runsAsyncForm.withLock { $0 = true }
    }
}

/// VISPER-Redux's name for ``AsyncActionReducer``.
public typealias AsyncActionReducerType = AsyncActionReducer

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

/// A store's entry point in in-place form: reduce each sub-state where it lives.
///
/// ```swift
/// let appReducer: InPlaceAppReducer<AppState> = { provider, action, state in
///     provider.reduce(action, &state.user)
///     provider.reduce(action, &state.todos)
///     provider.reduce(action, &state)
/// }
/// ```
///
/// A store built from features needs none: each feature's place in the root state says where
/// its reducers apply.
public typealias InPlaceAppReducer<Root> =
    @Sendable (
        _ provider: any ReducerProvider, _ action: any Action, _ state: inout Root
    ) -> Void

/// One sub-state of a composite state, named by its key path, for ``reduceSubstates(_:)``.
///
/// ```swift
/// let appReducer = reduceSubstates(Substate(\AppState.user), Substate(\.todos))
/// ```
public struct Substate<Root>: Sendable {
    /// How ``reduceSubstates(_:)`` reaches the sub-state.
    let reducer: SubstateReducer

    /// Names a sub-state by the key path that leads to it.
    ///
    /// - Parameter keyPath: Where the sub-state lives in the root state.
    public init<Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
        reducer = SubstateReducer(keyPath, slot: ObjectIdentifier(Value.self))
    }
}

/// Derives an in-place app reducer from the key paths of a composite state's sub-states.
///
/// Each sub-state is reduced in place, in the order given, with the reducers registered on its
/// type, then the root itself. A store built from features does this for you, from the places
/// its features are added at.
///
/// - Parameter substates: The sub-states to reduce, in order.
/// - Returns: An app reducer for the store.
public func reduceSubstates<Root>(_ substates: Substate<Root>...) -> InPlaceAppReducer<Root> {
    let list = SubstateList(substates.map(\.reducer) + [.root(Root.self)])
    return { provider, action, root in
        ReduxReducers.reduceSubstates(list, provider, action, &root)
    }
}

/// An in-place app reducer that only reduces the root state.
package func rootAppReducer<Root>() -> InPlaceAppReducer<Root> {
    { provider, action, state in provider.reduce(action, &state) }
}

/// Turns a value-returning app reducer into the in-place form the store applies.
package func inPlace<Root>(_ reducer: @escaping AppReducer<Root>) -> InPlaceAppReducer<Root> {
    { provider, action, state in state = reducer(provider, action, state) }
}
