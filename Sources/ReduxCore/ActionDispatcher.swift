/// Something that accepts actions, usually a store.
///
/// Hand an `ActionDispatcher` to code that should change the state but not read it (a view, a
/// service): it narrows what that code can do to sending actions.
///
/// A call `dispatcher.dispatch(action)` passes its call site (`#fileID`, `#line`) along, which a
/// store records while a time-travel recorder is attached. A conformer implements
/// ``dispatch(_:)``, and ``dispatch(_:sentFrom:line:)`` too if it keeps call sites.
public protocol ActionDispatcher: Sendable {
    /// Sends an action to be applied to the state.
    ///
    /// A call that names no call site resolves to ``dispatch(_:fileID:line:)``, which passes the
    /// caller's site on to ``dispatch(_:sentFrom:line:)``: implement this one; call that one.
    ///
    /// - Parameter action: The action to apply.
    @_disfavoredOverload
    func dispatch(_ action: any Action)

    /// Sends an action to be applied to the state, with the place in the source that sent it.
    ///
    /// The default implementation drops the site and calls ``dispatch(_:)``.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    func dispatch(_ action: any Action, sentFrom fileID: StaticString, line: UInt)
}

extension ActionDispatcher {
    /// Drops the call site and calls ``dispatch(_:)``: the implementation for a conformer that
    /// keeps no call sites.
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call that sent it.
    ///   - line: The line of that call.
    public func dispatch(_ action: any Action, sentFrom fileID: StaticString, line: UInt) {
        // A reference of this type names the requirement, not the defaulted form below.
        let dispatch: (any Action) -> Void = dispatch
        dispatch(action)
    }

    /// Sends an action to be applied to the state, passing the caller's call site along: what
    /// `dispatcher.dispatch(action)` and `store.dispatch(action)` call.
    ///
    /// It is inlined into the caller, so a store's dispatch packs the site where `#fileID` and
    /// `#line` are constants (decision 19).
    ///
    /// - Parameters:
    ///   - action: The action to apply.
    ///   - fileID: The `#fileID` of the call; leave it to its default.
    ///   - line: The line of the call; leave it to its default.
    @inlinable
    public func dispatch(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) {
        dispatch(action, sentFrom: fileID, line: line)
    }
}
