public import ReduxCore

/// Spellings from the libraries MultiRedux replaces, so that their code ports unchanged.
extension Store {
    /// The state as VISPER-Redux's observable property: `store.observableState.value`.
    public var observableState: ObservableState<Root> {
        ObservableState(read: { [self] in state }, observe: { [self] onChange in observe(onChange) })
    }

    /// ReduxSample's spelling of `dispatch(_:)`.
    ///
    /// - Parameter action: The action to apply.
    public func dispatch(action: any Action) {
        dispatch(action)
    }

    /// ReduxSample's `replaceReducer(reducer:)`: replaces the app reducer with a single reducer
    /// function of the action and the current state.
    ///
    /// Like a store made with ``init(reducer:state:middleware:)``, the store stops reporting
    /// unhandled actions, since it no longer consults registered reducers.
    ///
    /// - Parameter reducer: Returns the next state for an action and the current state.
    public func replaceReducer(reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root) {
        lock.withLock {
            appReducer = { _, action, current in current = reducer(action, current) }
            reportsUnhandledActions = false
        }
    }
}
