/// How a session is edited: the order of the recorded entries and which are toggled off. A plain
/// value: no states, no store.
///
/// Positions are indices in the session as edited; recorded indices are indices in the journal.
struct SessionEdits {
    /// The recorded index of the entry at each position.
    private(set) var order: [Int]
    /// The position of each recorded entry: the inverse of `order`.
    private(set) var positions: [Int]
    /// The recorded indices of the entries toggled off.
    private(set) var skipped: Set<Int> = []

    /// The recording as it was: every entry in its place, none toggled off.
    ///
    /// - Parameter count: How many entries the recording has.
    init(count: Int) {
        order = Array(0..<count)
        positions = order
    }

    /// How many entries the session has (toggled-off ones included).
    var count: Int { order.count }

    /// Whether the entry at a position is toggled off.
    func isSkipped(at position: Int) -> Bool {
        skipped.contains(order[position])
    }

    /// Toggles the entry at a position off, or on again.
    ///
    /// - Returns: The first position whose state changes: `position`.
    mutating func toggle(at position: Int) -> Int {
        let recorded = order[position]
        if skipped.remove(recorded) == nil {
            skipped.insert(recorded)
        }
        return position
    }

    /// Moves the entry at `from` so that it ends up at position `to`; the entries between shift by
    /// one.
    ///
    /// - Returns: The first position whose state changes.
    /// - Complexity: O(*n*) entries.
    mutating func move(from: Int, to: Int) -> Int {
        guard from != to else { return count }
        let recorded = order.remove(at: from)
        order.insert(recorded, at: to)
        for position in min(from, to)...max(from, to) {
            positions[order[position]] = position
        }
        return min(from, to)
    }

    /// The first position at which the session differs from the recording (an entry moved or
    /// toggled off); nil when it does not.
    ///
    /// - Complexity: O(*n*) entries.
    var firstEdit: Int? {
        order.indices.first { order[$0] != $0 || skipped.contains($0) }
    }
}
