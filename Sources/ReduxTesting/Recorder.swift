internal import ReduxShared

/// What a test double was called with, recorded from any thread in the order the calls arrive:
/// a locked, `Sendable` box that an effect's stubbed client can capture.
///
/// ```swift
/// let searched = Recorder<String>()
/// let store = TestStore(
///     initialState: TodoApp(), features: features,
///     dependencies: .testing {
///         $0.todoClient.search = { query in
///             searched.append(query)
///             return ["Buy milk"]
///         }
///     })
/// // … send, advance the clock, receive …
/// #expect(searched.all == ["milk"])   // the client was asked once, for "milk"
/// ```
///
/// TCA's tests use `LockIsolated` for this; a `Recorder` keeps a list, as most test doubles do.
public final class Recorder<Value: Sendable>: Sendable {
    /// The values, under a lock.
    private let values = LockedValue<[Value]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Records a value after the ones recorded before it.
    ///
    /// - Parameter value: What the double was called with.
    public func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    /// Everything recorded so far, oldest first.
    public var all: [Value] {
        values.withLock { $0 }
    }
}
