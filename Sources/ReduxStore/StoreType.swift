public import ReduxCore

/// What every store offers: the current state and a way to change it.
///
/// ``Store`` is the implementation. Depend on `StoreType` (or only on `ActionDispatcher`)
/// where code should not care which store it talks to, for instance a test double.
public protocol StoreType<StoreState>: ActionDispatcher, AnyObject {
    /// The type of the root state.
    associatedtype StoreState: State

    /// The current state: a copy, safe to keep and to read from any thread.
    var state: StoreState { get }

    /// Returns the current state; the same as ``state``, in ReduxSample's spelling.
    ///
    /// - Returns: A copy of the current state.
    func getState() -> StoreState
}
