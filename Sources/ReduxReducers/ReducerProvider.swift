public import ReduxCore

/// Reduces any state with whatever reducers were registered for it.
///
/// Every reducer gets one as its `provider`. Ask it to reduce another value, and it runs the
/// reducers filed under that value's type, in registration order, each on the result of the
/// previous one:
///
/// ```swift
/// provider.reduce(action, &state.nested)
/// ```
///
/// In a store built from features, a placed part's reducers are filed under its place, not its
/// type, so the provider finds the root's reducers only; in a store routed through an app reducer
/// (VISPER-Redux's shape) it finds every reducer registered on the type.
public protocol ReducerProvider: Sendable {
    /// Runs the reducers registered for the action on `Substate`, changing the state in place.
    ///
    /// - Parameters:
    ///   - action: The dispatched action.
    ///   - state: The value to reduce; unchanged when no reducer handles the action.
    /// - Complexity: Amortised O(1) look-up plus the work of the *r* matching reducers.
    func reduce<Substate>(_ action: any Action, _ state: inout Substate)
}
