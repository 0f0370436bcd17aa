public import ReduxCore

// ReduxSample's spellings of a store, kept so that its code ports unchanged; Porting.md lists
// them with what to use instead.

extension Store {
    /// Returns the current state; the same as ``state``, ReduxSample's spelling.
    ///
    /// - Returns: A copy of the current state.
    public func getState() -> Root {
        state
    }

    /// ReduxSample's spelling of `dispatch(_:)`.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave it to its
    ///     default.
    ///   - line: The line of the call; leave it to its default.
    public func dispatch(action: any Action, fileID: StaticString = #fileID, line: UInt = #line) {
        dispatch(action, fileID: fileID, line: line)
    }

    /// ReduxSample's `replaceReducer(reducer:)`: replaces the app reducer with a single reducer
    /// function of the action and the current state.
    ///
    /// Like a store made with ``init(reducer:state:middleware:automaticallySkipsRepeats:)``, the
    /// store stops reporting unhandled actions, since it no longer consults registered reducers.
    ///
    /// - Parameter reducer: Returns the next state for an action and the current state.
    public func replaceReducer(reducer: @escaping @Sendable (_ action: any Action, _ state: Root?) -> Root) {
        lock.withLock {
            appReducer = { _, action, current in current = reducer(action, current) }
            placedSubstates = nil
            reportsUnhandledActions = false
        }
    }
}
