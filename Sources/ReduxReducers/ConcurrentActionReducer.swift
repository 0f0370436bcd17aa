/// The `async` form of an ``AsyncActionReducer``: a reducer that awaits its new state.
///
/// ```swift
/// struct LoadProfileReducer: ConcurrentActionReducer {
///     let api: ProfileAPI
///     func reduce(provider: any ReducerProvider, action: LoadProfile) async -> UserState {
///         UserState(profile: await api.profile(id: action.id))
///     }
/// }
/// container.addReducer(reducer: LoadProfileReducer())
/// ```
///
/// Registering one registers an ``AsyncActionReducer`` that runs `reduce` in a new unstructured
/// task and passes its result to the completion, so everything said there holds: the result is
/// applied through the store, exactly once, and `await store.dispatch(_:)` waits for it. The
/// task inherits no actor; the result is never lost, but it is not cancelled either.
public protocol ConcurrentActionReducer<ReducerActionType, ReducerStateType>: Sendable {
    /// The actions this reducer handles.
    associatedtype ReducerActionType: Sendable
    /// The state this reducer produces.
    associatedtype ReducerStateType: Sendable

    /// Produces the new state for an action.
    ///
    /// - Parameters:
    ///   - provider: Reduces other states, for reducers that delegate part of the work.
    ///   - action: The dispatched action.
    /// - Returns: The new state, applied by the store when it arrives.
    func reduce(provider: any ReducerProvider, action: ReducerActionType) async -> ReducerStateType
}

/// Runs a ``ConcurrentActionReducer`` as an ``AsyncActionReducer``.
public struct ConcurrentReducerAdapter<Reducer: ConcurrentActionReducer>: AsyncActionReducer {
    /// The wrapped reducer.
    public let reducer: Reducer

    /// Wraps a reducer.
    ///
    /// - Parameter reducer: The reducer to run in a task.
    public init(_ reducer: Reducer) {
        self.reducer = reducer
    }

    /// Starts a task that awaits the wrapped reducer and completes with its result.
    ///
    /// - Parameters:
    ///   - provider: Passed to the wrapped reducer.
    ///   - action: The dispatched action.
    ///   - completion: Called once with the wrapped reducer's result.
    public func reduce(
        provider: any ReducerProvider, action: Reducer.ReducerActionType,
        completion: @escaping @Sendable (Reducer.ReducerStateType) -> Void
    ) {
        let reducer = reducer
        Task {
            completion(await reducer.reduce(provider: provider, action: action))
        }
    }
}

extension ReducerContainer {
    /// Registers a reducer that awaits its new state.
    ///
    /// It is registered through a ``ConcurrentReducerAdapter``; introspection and
    /// ``AsyncReducerResultAction/reducerType`` name `Reducer` itself.
    ///
    /// - Parameter reducer: The reducer to run.
    /// - Complexity: O(1) amortised; clears the routing cache.
    public func addReducer<Reducer: ConcurrentActionReducer>(reducer: Reducer) {
        addReducer(reducer: ConcurrentReducerAdapter(reducer))
    }
}

/// A reducer that stands in for another one; introspection names the other one.
protocol ReducerWrapper {
    /// The type to name in introspection and async results.
    static var wrappedReducerType: Any.Type { get }
}

extension ConcurrentReducerAdapter: ReducerWrapper {
    static var wrappedReducerType: Any.Type { Reducer.self }
}
