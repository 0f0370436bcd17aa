import ReduxCore

/// The actions a recorder keeps, in chunks of a fixed size that are never moved: appending the
/// millionth action costs what appending the first did.
///
/// A growing `[any Action]` moves every action to a new allocation each time it doubles: for a
/// journal of a million actions (40 bytes each), ~40 MB copied and as much more fresh memory
/// touched, which costs time (page faults, memory traffic) that instruction counts do not show.
/// Here each chunk is allocated once, filled, and kept.
///
/// - Note: Not thread-safe, and not `Sendable`: its recorder serialises the calls (under the
///   store's lock).
struct ActionLog: ~Copyable {
    /// A chunk holds `1 << chunkShift` actions (16,384: 640 KiB).
    private static let chunkShift = 14
    private static let chunkMask = (1 << chunkShift) - 1
    /// The chunks: as many as the actions need, each full but the last.
    private var chunks: [UnsafeMutablePointer<any Action>] = []
    /// The last chunk.
    private var tail: UnsafeMutablePointer<any Action>?
    /// How many actions the chunks hold room for.
    private var capacity = 0
    /// How many actions are kept.
    private(set) var count = 0

    init() {}

    deinit {
        for (number, chunk) in chunks.enumerated() {
            chunk.deinitialize(count: max(0, min(count - (number << Self.chunkShift), Self.chunkMask + 1)))
            chunk.deallocate()
        }
    }

    /// Appends an action.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func append(_ action: any Action) {
        if count == capacity {
            addChunk()
        }
        (tail.unsafelyUnwrapped + (count & Self.chunkMask)).initialize(to: action)
        count += 1
    }

    /// The action at `index`, from 0.
    ///
    /// - Complexity: O(1).
    subscript(index: Int) -> any Action {
        precondition(index >= 0 && index < count, "ReduxTimeTravel: action index out of range")
        return chunks[index >> Self.chunkShift][index & Self.chunkMask]
    }

    /// The actions, transformed, in order.
    ///
    /// - Complexity: O(*n*).
    func map<Element>(_ transform: (any Action) -> Element) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        for (number, chunk) in chunks.enumerated() {
            let inChunk = min(count - (number << Self.chunkShift), Self.chunkMask + 1)
            for action in UnsafeBufferPointer(start: chunk, count: inChunk) {
                result.append(transform(action))
            }
        }
        return result
    }

    /// Drops the actions from `index` on, and the chunks they leave empty.
    ///
    /// - Parameter index: How many actions to keep; at most ``count``.
    /// - Complexity: O(*n*) in the number of actions dropped.
    mutating func removeSubrange(from index: Int) {
        precondition(index >= 0 && index <= count, "ReduxTimeTravel: dropping past the recorded actions")
        var end = count
        while end > index {
            let chunkStart = (end - 1) & ~Self.chunkMask
            let start = max(index, chunkStart)
            (chunks[chunkStart >> Self.chunkShift] + (start - chunkStart)).deinitialize(count: end - start)
            end = start
        }
        count = index
        let needed = (count + Self.chunkMask) >> Self.chunkShift
        while chunks.count > needed {
            chunks.removeLast().deallocate()
        }
        tail = chunks.last
        capacity = chunks.count << Self.chunkShift
    }

    /// Drops every action and chunk.
    ///
    /// - Complexity: O(*n*).
    mutating func removeAll() {
        removeSubrange(from: 0)
    }

    /// Allocates the next chunk, when the last is full.
    @inline(never)
    private mutating func addChunk() {
        let chunk = UnsafeMutablePointer<any Action>.allocate(capacity: Self.chunkMask + 1)
        chunks.append(chunk)
        tail = chunk
        capacity += Self.chunkMask + 1
    }
}
