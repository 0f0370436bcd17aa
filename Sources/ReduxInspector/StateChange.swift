import ReduxTimeTravel

/// One difference an entry made to the state: where, and the values before and after, written as
/// ReduxTesting's failure messages write them.
///
/// ```
/// catalog.requested.count: 1 → 2
/// catalog.requested[1]: (absent) → 3
/// ```
public struct StateChange: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Where the state changed, such as `user.name` or `history[2]`; empty for the root.
    public var path: String
    /// The value there before the entry, on one line, or `(absent)`.
    public var old: String
    /// The value there after the entry, on one line, or `(absent)`.
    public var new: String

    /// Describes a change.
    ///
    /// - Parameters:
    ///   - path: Where the state changed.
    ///   - old: The value before.
    ///   - new: The value after.
    public init(path: String, old: String, new: String) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// For example `user.name: "Ann" → "Bob"`.
    public var description: String {
        StateDiff.Difference(path: path, expected: old, actual: new).description
    }
}
