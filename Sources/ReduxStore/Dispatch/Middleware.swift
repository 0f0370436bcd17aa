public import ReduxCore

/// A step every action passes through before the reducers see it.
///
/// A middleware can watch an action, let it through, replace it with another one, drop it (return
/// `nil`) or dispatch further actions to the store, which are queued and applied after the
/// current one.
///
/// ```swift
/// let logger = Middleware<AppState> { action, store in
///     print("→", action, "with", store.state.user.userName)
///     return action
/// }
/// let store = Store(initialState: AppState(), features: features, middleware: [logger])
/// ```
///
/// Middleware runs in the order given, on the thread that applies the action, one action at a
/// time, outside the store's lock: it may read `store.state` (the state before the action) and
/// dispatch.
public struct Middleware<Root: State>: Sendable {
    /// The function that handles an action.
    let handle: @Sendable (_ action: any Action, _ store: Store<Root>) -> (any Action)?

    /// Creates a middleware from a function.
    ///
    /// - Parameter handle: Given the action and the store, returns the action to pass on (the
    ///   same one, another one) or `nil` to drop it.
    public init(_ handle: @escaping @Sendable (_ action: any Action, _ store: Store<Root>) -> (any Action)?) {
        self.handle = handle
    }
}
