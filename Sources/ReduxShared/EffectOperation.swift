package import ReduxCore

/// One step of an effect (ReduxReducers' `Effect`): what the store that runs it does.
///
/// Not generic: what is generic over the state (the work's context) is inside the work's
/// closures, so the store starts effects without asking the runtime for a generic type.
package enum EffectOperation: Sendable {
    /// Start work.
    case run(EffectWork)
    /// Cancel the work running under an id: at the reducer's place, or at the place a key path
    /// from the store's root names.
    case cancel(EffectID, at: (AnyKeyPath & Sendable)?)
    /// Cancel all the work running at the place a key path from the store's root names.
    case cancelAll(at: AnyKeyPath & Sendable)
    /// Send a follow-up action, with no work.
    case send(any Action, site: CallSite?)
    /// Perform each operation now, in order, without waiting for any work to end.
    case merge([EffectOperation])
    /// Perform the operations one after another: each starts when the work of the one before has
    /// ended.
    case concatenate([EffectOperation])
    /// Start work synchronously, on the thread applying the action, for the running effect the
    /// store registered: how the earlier reducer forms run. The body ends the work itself
    /// (the context's `end()`).
    case start(@Sendable (_ sink: any EffectSink, _ running: any RunningWork) -> Void)
}

/// Work to start: its id, and how to start its task for the running effect the store registered.
package struct EffectWork: Sendable {
    /// The cancellation id; nil for work without one.
    package let id: EffectID?
    /// Whether starting it cancels the work already running under its id.
    package let cancelsInFlight: Bool
    /// Starts the work's task with the sink's ``EffectSink/makeTask(for:_:)``. The task's
    /// operation makes the work's context, runs the work, hands a thrown error to the sink
    /// (``EffectSink/fail(with:_:handler:)``) and ends the work (``EffectSink/end(_:)``).
    package let start: @Sendable (_ sink: any EffectSink, _ running: any RunningWork) -> Task<Void, any Error>

    /// Work to start.
    package init(
        id: EffectID?, cancelsInFlight: Bool,
        start: @escaping @Sendable (_ sink: any EffectSink, _ running: any RunningWork) -> Task<Void, any Error>
    ) {
        self.id = id
        self.cancelsInFlight = cancelsInFlight
        self.start = start
    }
}

/// A cancellation id: any hashable, sendable value, compared and hashed by that value. Two ids
/// are equal when their values are of the same type and equal, as TCA's cancellation ids are:
/// `1 as Int8` does not cancel work started under `1`.
///
/// A class, so that work without an id (the common case) carries one nil reference, which copies
/// and destroys for free.
///
/// The value is compared and hashed through its own type's conformance, opened from the
/// existential, not through `AnyHashable`: wrapping a value of a type known only at run time in an
/// `AnyHashable` asks the runtime for its box's generic metadata, a cache look-up of over a
/// thousand instructions at every id made, and comparing two asks again.
///
/// - Note: `@unchecked Sendable`: the value is `Sendable`; the existential of `Hashable &
///   Sendable` is not on every toolchain. It never changes.
package final class EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The id's value.
    let value: any Hashable & Sendable

    /// An id wrapping `value`.
    package init(_ value: any Hashable & Sendable) {
        self.value = value
    }

    package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        lhs === rhs || lhs.value.isEqual(to: rhs.value)
    }

    package func hash(into hasher: inout Hasher) {
        value.hash(into: &hasher)
    }

    package var description: String { "\(value)" }
}

extension Hashable {
    /// Whether `other` is a value of exactly this type and equal to this one.
    fileprivate func isEqual(to other: any Hashable) -> Bool {
        guard type(of: other) == Self.self, let other = other as? Self else { return false }
        return self == other
    }
}
