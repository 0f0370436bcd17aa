/// A description of one registration in a ``ReducerContainer``, for introspection and tests.
public struct RegisteredReducer: Sendable, Hashable, CustomStringConvertible {
    /// How a registered reducer produces its result.
    public enum Kind: String, Sendable, Hashable {
        /// Returns the next state (``ActionReducer``, reduce functions that return a value).
        case returning
        /// Changes the state in place (``InPlaceActionReducer``, in-place reduce functions).
        case inPlace
        /// Calls a completion later (``AsyncActionReducer``).
        case async
    }

    /// The reducer's type; reduce functions appear as ``FunctionalReducer`` or
    /// ``InPlaceFunctionalReducer``.
    public let reducerType: Any.Type
    /// The action type the reducer was registered for.
    public let actionType: Any.Type
    /// The state type the reducer was registered for.
    public let stateType: Any.Type
    /// How the reducer produces its result.
    public let kind: Kind
    /// The position of the registration in the container, counting from 0.
    public let order: Int

    /// Describes a registration.
    ///
    /// - Parameters:
    ///   - reducerType: The reducer's type.
    ///   - actionType: The action type it handles.
    ///   - stateType: The state type it owns.
    ///   - kind: How it produces its result.
    ///   - order: Its position in the container.
    public init(reducerType: Any.Type, actionType: Any.Type, stateType: Any.Type, kind: Kind, order: Int) {
        self.reducerType = reducerType
        self.actionType = actionType
        self.stateType = stateType
        self.kind = kind
        self.order = order
    }

    /// Two descriptions are equal when they name the same types, kind and position.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.reducerType == rhs.reducerType && lhs.actionType == rhs.actionType && lhs.stateType == rhs.stateType
            && lhs.kind == rhs.kind && lhs.order == rhs.order
    }

    /// Hashes the types, kind and position.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(reducerType))
        hasher.combine(ObjectIdentifier(actionType))
        hasher.combine(ObjectIdentifier(stateType))
        hasher.combine(kind)
        hasher.combine(order)
    }

    /// For example `#2 SetUsernameReducer: SetUsernameAction on UserState (returning)`.
    public var description: String {
        "#\(order) \(reducerType): \(actionType) on \(stateType) (\(kind.rawValue))"
    }
}
