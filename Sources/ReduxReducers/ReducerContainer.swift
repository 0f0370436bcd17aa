public import ReduxCore

/// A registry of typed reducers that is also the ``ReducerProvider`` that runs them.
///
/// Features add their reducers to the app's container; the store's app reducer then asks the
/// container to reduce each sub-state. The labels match VISPER-Redux, so its registrations port
/// unchanged:
///
/// ```swift
/// container.addReduceFunction(reduceFunction: { (provider, action: SetUsernameAction, state: UserState) in
///     UserState(userName: action.newUsername, isAuthenticated: state.isAuthenticated)
/// })
/// container.addReducer(reducer: SetUsernameReducer())
/// ```
///
/// Reducers registered for the same action and state types run in registration order, each on
/// the previous one's result. Adding reducers is safe while other threads dispatch; a reduction
/// that has already started finishes with the reducers it found.
public protocol ReducerContainer: ReducerProvider, AnyObject {
    /// Registers a reduce function that returns the next state.
    ///
    /// - Parameter reduceFunction: Runs for every action that is an `ReducerAction` on every
    ///   reduced state of type `ReducerState`.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReduceFunction<ReducerAction, ReducerState>(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerAction, ReducerState) -> ReducerState
    )

    /// Registers a reduce function that changes the state in place.
    ///
    /// - Parameter reduceFunction: Runs for every action that is an `ReducerAction` on every
    ///   reduced state of type `ReducerState`.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReduceFunction<ReducerAction, ReducerState>(
        reduceFunction: @escaping @Sendable (any ReducerProvider, ReducerAction, inout ReducerState) -> Void
    )

    /// Registers a reducer that returns the next state.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: ActionReducer>(reducer: Reducer)

    /// Registers a reducer that changes the state in place.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: InPlaceActionReducer>(reducer: Reducer)

    /// Registers a reducer that delivers its state later through a completion.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    func addReducer<Reducer: AsyncActionReducer>(reducer: Reducer)

    /// Every registration, in the order it was made.
    var registeredReducers: [RegisteredReducer] { get }

    /// The reducers that run, in order, when this action is reduced on a `Substate`.
    ///
    /// Uses exactly the matching rules of dispatch (concrete type, class and subclasses, protocol
    /// existential), so it is the precise answer.
    ///
    /// - Parameters:
    ///   - action: A sample action.
    ///   - stateType: The state type being reduced.
    /// - Returns: The matching registrations in the order they run.
    func reducers<Substate>(handling action: any Action, on stateType: Substate.Type) -> [RegisteredReducer]

    /// The reducers whose registration matches an action type on a `Substate`, judged from the
    /// types alone.
    ///
    /// Registrations for a concrete type or a class match as they do at dispatch. A registration
    /// for a protocol existential (`any ResetAction`) cannot be judged without a value, so it is
    /// left out; use ``reducers(handling:on:)-(Action,_)`` with a sample action for those.
    ///
    /// - Parameters:
    ///   - actionType: The action type.
    ///   - stateType: The state type being reduced.
    /// - Returns: The matching registrations in the order they run.
    func reducers<ActionType, Substate>(
        handling actionType: ActionType.Type, on stateType: Substate.Type
    ) -> [RegisteredReducer]

    /// Runs the reducers registered for the action on `Substate` on behalf of a store.
    ///
    /// Reducers must receive `context` as their provider, async reducers must get their
    /// completion from it, and a reduction that runs any reducer must say so through it. The
    /// default implementation calls ``ReducerProvider/reduce(_:_:)->()`` and counts the
    /// action as handled (it cannot tell); it suits containers without async reducers.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce.
    ///   - context: The store's reduction context.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate, context: ReductionContext)
}

extension ReducerContainer {
    /// Reduces without the store's context, counting the action as handled.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce.
    ///   - context: Told that the action was handled; otherwise unused.
    public func reduce<Substate>(_ action: any Action, _ state: inout Substate, context: ReductionContext) {
        context.noteHandled()
        reduce(action, &state)
    }
}
