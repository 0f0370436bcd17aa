import Foundation

/// Records values from any thread, in the order they arrive.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records a value.
    public func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    /// Everything recorded so far.
    public var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
