/// A marker for the value that holds an application's state.
///
/// A store holds exactly one root state. Compose it from sub-states, one per feature, and let each
/// feature's reducers own one of them:
///
/// ```swift
/// struct AppState: State {
///     var user: UserState
///     var todos: TodoListState
/// }
/// ```
///
/// States are values that cross threads (the store hands copies to subscribers on the dispatching
/// thread), so the protocol refines `Sendable`. Sub-states do not need to conform to `State`; any
/// `Sendable` value type works, but conforming documents the intent.
public protocol State: Sendable {}
