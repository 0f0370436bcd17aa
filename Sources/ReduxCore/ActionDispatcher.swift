/// Something that accepts actions, usually a store.
///
/// Hand an `ActionDispatcher` to code that should change the state but not read it (a view, a
/// service): it narrows what that code can do to sending actions.
public protocol ActionDispatcher: Sendable {
    /// Sends an action to be applied to the state.
    ///
    /// - Parameter action: The action to apply.
    func dispatch(_ action: any Action)
}
