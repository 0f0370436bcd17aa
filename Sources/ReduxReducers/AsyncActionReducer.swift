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
/// The earlier forms, an `async` function returning one change (``ConcurrentActionReducer``) and
/// VISPER-Redux's completion (``AsyncActionReducerType``), are compatibility spellings that run as
/// this form.
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
}
