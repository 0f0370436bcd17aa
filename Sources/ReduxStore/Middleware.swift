public import ReduxCore

/// A step every action passes through before the reducers see it.
///
/// A middleware can watch an action, let it through, replace it with another one, drop it (return
/// `nil`) or send further actions through ``MiddlewareContext/dispatch(_:)``, which are queued
/// and applied after the current one.
///
/// ```swift
/// let logger = Middleware<AppState> { action, context in
///     print("→", action)
///     return action
/// }
/// let store = Store(initialState: AppState(), middleware: [logger])
/// ```
///
/// Middleware runs in the order given, on the thread that applies the action, one action at a
/// time, outside the store's lock: it may read `context.state` and dispatch.
public struct Middleware<Root: State>: Sendable {
    /// The function that handles an action.
    public let handle: @Sendable (_ action: any Action, _ context: MiddlewareContext<Root>) -> (any Action)?

    /// Creates a middleware from a function.
    ///
    /// - Parameter handle: Returns the action to pass on (the same one, another one) or `nil` to
    ///   drop it.
    public init(
        _ handle: @escaping @Sendable (_ action: any Action, _ context: MiddlewareContext<Root>) -> (any Action)?
    ) {
        self.handle = handle
    }
}

/// What a middleware can do with the store: read its state and dispatch.
public struct MiddlewareContext<Root: State>: Sendable {
    private let store: Store<Root>

    init(store: Store<Root>) {
        self.store = store
    }

    /// The store's current state, before the action being handled is applied.
    public var state: Root { store.state }

    /// Queues an action; it passes through every middleware and is applied after the current one.
    ///
    /// - Parameter action: The action to queue.
    public func dispatch(_ action: any Action) {
        store.dispatch(action)
    }
}
