public import ReduxCore

/// The action that carries an async reducer's result back into the store.
///
/// The store dispatches one when an ``AsyncActionReducer`` calls its completion. Every reducer
/// provider replaces each `Substate` it reduces with ``newState`` before running any registered
/// reducer, so the result lands with no registration of its own. Middleware and tests see it like
/// any other action.
public struct AsyncReducerResultAction<Substate: Sendable>: Action {
    /// The value the async reducer produced.
    public let newState: Substate
    /// The type of the async reducer that produced it, for diagnostics and tests.
    public let reducerType: Any.Type

    /// Wraps a result.
    ///
    /// - Parameters:
    ///   - newState: The value the async reducer produced.
    ///   - reducerType: The type of the async reducer that produced it.
    public init(newState: Substate, reducerType: Any.Type) {
        self.newState = newState
        self.reducerType = reducerType
    }
}
