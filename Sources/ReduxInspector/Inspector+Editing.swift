internal import ReduxShared
import ReduxTimeTravel

// Editing the session: entries toggled off or moved, the session as edited as a journal, and
// another recording opened in its place.

extension Inspector {
    /// Toggles the entry at a position off (the states after it are recomputed without it), or
    /// on again.
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: O(*n*) checkpoints dropped; the states are recomputed when asked for.
    public func toggle(_ index: Int) throws(InspectorError) {
        try locked { () throws(InspectorError) in
            try check(index)
            forgetStates(after: edits.toggle(at: index))
        }
    }

    /// Moves the entry at position `from` so that it ends up at position `to`: the entries
    /// between shift by one, and the states from the first moved position on are recomputed.
    ///
    /// - Parameters:
    ///   - from: The entry's position, from 0 to ``count`` - 1.
    ///   - to: Its new position, from 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for a position outside the session.
    /// - Complexity: O(*n*) entries.
    public func move(from: Int, to: Int) throws(InspectorError) {
        try locked { () throws(InspectorError) in
            try check(from)
            try check(to)
            forgetStates(after: edits.move(from: from, to: to))
        }
    }

    /// The session as edited, as a journal: the entries not toggled off, in their order, with
    /// the causes that still come before their effects' output, and each entry's call site and
    /// time.
    ///
    /// - Complexity: O(*n*) entries.
    public var editedJournal: Journal<Root> {
        lock.withLock {
            var kept: [Int: Int] = [:]
            var journal = Journal<Root>(notes: recording.notes)
            for position in edits.order.indices where !edits.isSkipped(at: position) {
                let recorded = edits.order[position]
                if let cause = recording.causes[recorded], let causeIndex = kept[cause] {
                    journal.causes[journal.entries.count] = causeIndex
                }
                kept[recorded] = journal.entries.count
                journal.sites[journal.entries.count] = recording.sites[recorded]
                journal.times[journal.entries.count] = recording.times[recorded]
                journal.entries.append(recording.entries[recorded])
            }
            return journal
        }
    }

    /// Replaces the session with another recording of the same app, from the same initial
    /// state; the edits and computed states are dropped.
    ///
    /// - Parameter journal: The recording.
    public func open(journal: Journal<Root>) {
        lock.withLock { open(journal, from: initialState) }
    }
}
