/// A growable byte buffer that journal lines are written into: an allocation of its own, appended
/// to without `Array`'s uniqueness and capacity checks per call.
///
/// `Array<UInt8>.append` checks uniqueness and capacity on every call, and appends a run of bytes
/// through the generic `append(contentsOf:)`; a journal line takes many such calls. This checks the capacity and copies, and is the only code that touches the allocation:
/// every access is within `count`, which never exceeds `capacity`.
///
/// - Note: Not thread-safe, and not `Sendable`: its owner serialises the calls.
struct LineBuffer: ~Copyable {
    /// The bytes: `count` written, room for `capacity`.
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    /// How many bytes fit before the buffer grows.
    private var capacity: Int

    /// An empty buffer.
    ///
    /// - Parameter capacity: How many bytes fit before it first grows.
    init(capacity: Int = 1_024) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Whether nothing is written.
    var isEmpty: Bool { count == 0 }

    /// Appends a byte.
    ///
    /// - Complexity: O(1) amortised.
    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity {
            grow(toHold: count + 1)
        }
        base[count] = byte
        count += 1
    }

    /// Appends bytes.
    ///
    /// - Complexity: O(*n*) in the number of bytes appended, amortised.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let added = bytes.count
        if count + added > capacity {
            grow(toHold: count + added)
        }
        (base + count).update(from: source, count: added)
        count += added
    }

    /// Appends a whole number's decimal digits, written straight into the buffer.
    ///
    /// - Complexity: O(1).
    mutating func appendDigits(_ value: UInt64) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        if count + digits > capacity {
            grow(toHold: count + digits)
        }
        var position = count + digits
        var remaining = value
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining > 0
        count += digits
    }

    /// Drops the bytes after the first `count`.
    ///
    /// - Parameter count: How many bytes to keep; at most ``count``.
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "ReduxTimeTravel: truncating a line buffer past its end")
        self.count = count
    }

    /// Drops the first `count` bytes, moving the rest to the front.
    ///
    /// - Parameter count: How many bytes to drop; at most ``count``.
    /// - Complexity: O(*n*) in the number of bytes kept.
    mutating func removeFirst(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "ReduxTimeTravel: dropping more than a line buffer holds")
        UnsafeMutableRawPointer(base).copyMemory(from: base + count, byteCount: self.count - count)
        self.count -= count
    }

    /// Drops every byte, keeping the allocation.
    mutating func removeAll() {
        count = 0
    }

    /// Calls `body` with the bytes written, valid during the call only.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// A copy of the bytes written.
    var array: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Moves the bytes into a larger allocation that holds at least `needed` bytes.
    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
