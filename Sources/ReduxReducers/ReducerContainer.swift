internal import ReduxShared

/// A registry of typed reducers that is also the ``ReducerProvider`` that runs them.
///
/// A ``LogicFeature`` gets one in `injectReducers(container:)` and registers its reducers in it:
///
/// ```swift
/// container.addReducer(reducer: SetUsernameReducer())
/// container.addReduceFunction { (_, action: Logout, state: inout UserState) in
///     state.isAuthenticated = false
/// }
/// ```
///
/// Reducers registered for the same action and state types run in registration order, each on
/// the previous one's result. Adding reducers is safe while other threads dispatch; a reduction
/// that has already started finishes with the reducers it found.
public protocol ReducerContainer: ReducerProvider, AnyObject {
    /// Registers a reducer.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: ActionReducer>(reducer: Reducer)

    /// Registers a reducer whose work finishes after the dispatch.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: AsyncActionReducer>(reducer: Reducer)

    /// The reducers that run, in order, when an action of this type is reduced on a `Substate`.
    ///
    /// Registrations for a concrete type or a class match as they do at dispatch. A registration
    /// for a protocol existential (`any ResetAction`) cannot be judged from a type alone, so it is
    /// left out; ReduxTesting's assertions judge those from a sample action.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced.
    /// - Returns: The matching registrations in the order they run.
    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer]
}

extension ReducerContainer {
    /// Registers a reduce function that changes the state in place.
    ///
    /// ```swift
    /// container.addReduceFunction { (_, action: Rename, state: inout UserState) in
    ///     state.name = action.name
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the function is registered, which a routing test's
    ///     ``RegisteredReducer/site`` and failure messages show; leave the default.
    ///   - line: Where the function is registered; leave the default.
    ///   - reduceFunction: Runs for every action that is a `ReducerAction` on every reduced state
    ///     of type `ReducerState`.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReduceFunction<ReducerAction, ReducerState>(
        fileID: StaticString = #fileID, line: UInt = #line,
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerAction, inout ReducerState) -> Void
    ) {
        addReducer(
            reducer: FunctionalReducer(site: CallSite(fileID: fileID, line: line), reduceFunction: reduceFunction))
    }

    /// Registers a reduce function that changes the state in place and returns async work to
    /// start: the closure form of an ``AsyncActionReducer``. (A name of its own: an overload of
    /// `addReduceFunction` would make a one-line closure's return type ambiguous.)
    ///
    /// ```swift
    /// container.addAsyncReduceFunction { (provider, _: LoadTodos, state: inout TodoState) -> Effect<TodoState> in
    ///     state.isLoading = true
    ///     let client = provider.dependencies.todoClient
    ///     return .run { effect in
    ///         let todos = try await client.load()
    ///         effect.update { $0.todos = todos; $0.isLoading = false }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: Where the function is registered, which a routing test's
    ///     ``RegisteredReducer/site`` and failure messages show; leave the default.
    ///   - line: Where the function is registered; leave the default.
    ///   - reduceFunction: Runs for every action that is a `ReducerAction` on every reduced state
    ///     of type `ReducerState`; returns the work to start, or ``Effect/none``.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addAsyncReduceFunction<ReducerAction: Sendable, ReducerState: Sendable>(
        fileID: StaticString = #fileID, line: UInt = #line,
        reduceFunction:
            @escaping @Sendable (any ReducerProvider, ReducerAction, inout ReducerState) -> Effect<ReducerState>
    ) {
        addReducer(
            reducer: EffectFunctionReducer(
                reduceFunction: reduceFunction, sitePacked: CallSite(fileID: fileID, line: line)?.packed ?? 0))
    }
}

/// The ``AsyncActionReducer`` that ``ReducerContainer/addAsyncReduceFunction(reduceFunction:)``
/// registers for a reduce function returning an ``Effect``; a routing test names it
/// `AsyncReduceFunction<Action, State>` (ReduxTesting), which asks ``asyncReduceFunctionType(_:_:)``
/// for it.
struct EffectFunctionReducer<ReducerActionType: Sendable, ReducerStateType: Sendable>: AsyncActionReducer {
    let reduceFunction:
        @Sendable (any ReducerProvider, ReducerActionType, inout ReducerStateType) -> Effect<ReducerStateType>
    /// Where `addAsyncReduceFunction` was called (a packed ``CallSite``); 0 when unknown.
    let sitePacked: UInt64

    /// Runs the reduce function.
    func reduce(
        provider: any ReducerProvider, action: ReducerActionType, state: inout ReducerStateType
    ) -> Effect<ReducerStateType> {
        reduceFunction(provider, action, &state)
    }
}

extension EffectFunctionReducer: RegistrationSite {
    var registrationSite: CallSite? { CallSite(packed: sitePacked) }
}

/// The reducer type ``ReducerContainer/addAsyncReduceFunction(reduceFunction:)`` registers for a
/// reduce function of these types: what ReduxTesting's `AsyncReduceFunction` compares a
/// registration with.
///
/// - Parameters:
///   - actionType: The reduce function's action type.
///   - stateType: The reduce function's state type.
/// - Returns: The registered reducer's type.
package func asyncReduceFunctionType<ReducerAction: Sendable, ReducerState: Sendable>(
    _ actionType: ReducerAction.Type, _ stateType: ReducerState.Type
) -> Any.Type {
    EffectFunctionReducer<ReducerAction, ReducerState>.self
}
