public import ReduxCore  // public: the helpers are @inlinable

// The one cast helper of the package: an existential opened and compared with the type it is
// expected to hold, written once (the idea of TCA's `OpenExistential.swift`).

/// `value as! Target`, without the runtime's general cast when the type the action was stored as
/// is exactly `Target` (the common case: a reducer registered for a concrete action type).
///
/// Pass an `any Action`: it is opened, and `Opened` is the type it holds. `as!` goes through
/// `swift_dynamicCast`, a general run-time cast; comparing two metadata pointers is a compare (B1,
/// Performance.md). For a class, the stored type may be a superclass of the instance's; protocol
/// existentials and superclass registrations still go through `as!`.
///
/// - Parameters:
///   - value: The action.
///   - _: The type it is known to have (or to be convertible to, through `as!`).
/// - Returns: The action as `Target`; traps, as `as!` does, when it is none.
///
/// Always inlined: in a reducer step's unspecialised generic code the optimiser kept it a call.
@inlinable @inline(__always)
package func exactCast<Opened: Action, Target>(_ value: Opened, to _: Target.Type) -> Target {
    guard Opened.self == Target.self else { return value as! Target }
    // Sound: the two types are the same.
    return unsafeBitCast(value, to: Target.self)
}

/// Calls `body` with the action as `Target` when the type it is stored as is exactly `Target`;
/// does nothing otherwise. No run-time cast: two metadata pointers are compared.
///
/// - Parameters:
///   - value: The action (an `any Action`, opened).
///   - _: The exact type to look for.
///   - body: Called with the action, when it has that type.
///
/// Always inlined: called out of line, from the landing step every change an effect hands back
/// passes (one per slot), it cost a call with the opened type's metadata and a closure context
/// on the stack, about 100 instructions per call.
@inlinable @inline(__always)
package func withExactCast<Opened: Action, Target>(_ value: Opened, to _: Target.Type, _ body: (Target) -> Void) {
    guard Opened.self == Target.self else { return }
    // Sound: the two types are the same.
    body(unsafeBitCast(value, to: Target.self))
}
