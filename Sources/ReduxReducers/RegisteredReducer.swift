internal import ReduxShared

/// A description of one registration in a ``ReducerContainer``, for introspection and tests.
public struct RegisteredReducer: Sendable, Equatable, CustomStringConvertible {
    /// The reducer's type; reduce functions appear as ``FunctionalReducer``.
    public let reducerType: Any.Type
    /// The action type the reducer was registered for.
    public let actionType: Any.Type
    /// The state type the reducer was registered for.
    public let stateType: Any.Type
    /// Whether the reducer is an ``AsyncActionReducer``.
    /// Where a reduce function was registered, as `File.swift:12`: what tells two reduce functions
    /// of one action and state apart (`addReduceFunction` and `addAsyncReduceFunction` note it);
    /// nil for a reducer type, which its type names.
    public var site: String? { registrationSite?.description }
    /// Where a reduce function was registered.
    let registrationSite: CallSite?
    let isAsync: Bool
    /// The position of the registration in its registry, counting from 0.
    let order: Int
    /// Where the registration applies: its state type, or a feature's place in the root state.
    let slot: ObjectIdentifier

    init(
        reducerType: Any.Type, actionType: Any.Type, stateType: Any.Type, isAsync: Bool, order: Int,
        slot: ObjectIdentifier, site: CallSite? = nil
    ) {
        registrationSite = site
        self.reducerType = reducerType
        self.actionType = actionType
        self.stateType = stateType
        self.isAsync = isAsync
        self.order = order
        self.slot = slot
    }

    /// Two descriptions are equal when they describe the same registration.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.reducerType == rhs.reducerType && lhs.actionType == rhs.actionType && lhs.stateType == rhs.stateType
            && lhs.isAsync == rhs.isAsync && lhs.order == rhs.order && lhs.slot == rhs.slot
            && lhs.registrationSite == rhs.registrationSite
    }

    /// For example `#2 SetUsernameReducer: SetUsernameAction on UserState`.
    public var description: String {
        "#\(order) \(publicReducerName(of: reducerType))\(site.map { " (registered at \($0))" } ?? ""): "
            + "\(actionType) on \(stateType)\(isAsync ? " (async)" : "")"
    }
}
