/// A marker for values that describe something that happened and may change the state.
///
/// Actions are plain values. A reducer is registered for an action type and runs for every
/// dispatched action of that type:
///
/// ```swift
/// struct SetUsernameAction: Action {
///     var newUsername: String
/// }
/// ```
///
/// Routing matches on the dynamic type of the dispatched action: a reducer registered for a class
/// also runs for its subclasses, and one registered for a protocol existential (`any ResetAction`)
/// runs for every conforming action.
public protocol Action: Sendable {}
