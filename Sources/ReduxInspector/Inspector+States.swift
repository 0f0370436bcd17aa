internal import ReduxShared
internal import ReduxStore
import ReduxTimeTravel

// The states of the session as edited, replayed on demand from the nearest checkpoint.

extension Inspector {
    /// The state after the entry at a position of the session as edited (after the entries
    /// before it, when it is toggled off).
    ///
    /// - Parameter index: From -1 (the state the session starts from) to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside that range.
    /// - Complexity: O(`checkpointInterval`) entries replayed once the checkpoints before `index`
    ///   are filled; O(1) when `index` is the last state computed or the next one.
    public func state(after index: Int) throws(InspectorError) -> Root {
        try locked { () throws(InspectorError) in
            try check(index, allowingStart: true)
            return state(applyingFirst: index + 1)
        }
    }

    /// What the entry at a position changed: the differences between the states before and after
    /// it, field by field (empty for an entry toggled off or that changed nothing).
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: that of ``state(after:)``, plus the walk of both states.
    public func changes(at index: Int) throws(InspectorError) -> [StateChange] {
        let (before, after) = try locked { () throws(InspectorError) in
            try check(index)
            return (state(applyingFirst: index), state(applyingFirst: index + 1))
        }
        return StateDiff(expected: before, actual: after).differences.map {
            StateChange(path: $0.path, old: $0.expected, new: $0.actual)
        }
    }

    /// The state after an entry as a tree, for display.
    ///
    /// - Parameter index: From -1 (the state the session starts from) to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside that range.
    /// - Complexity: that of ``state(after:)``, plus O(size of the state).
    public func stateTree(after index: Int) throws(InspectorError) -> StateNode {
        try StateNode(state(after: index))
    }

    /// The state after the first `count` positions of the session as edited (toggled-off and
    /// not replayable entries are not applied), replayed from the nearest state known before,
    /// filling the checkpoints on the way unless told not to. Holding the lock.
    ///
    /// - Parameters:
    ///   - count: How many positions to apply.
    ///   - fillingCheckpoints: Whether to keep the states passed every `interval` positions:
    ///     false for a walk through every state (an HTML export), which would otherwise hold a
    ///     copy of each one's growing arrays.
    func state(applyingFirst count: Int, fillingCheckpoints: Bool = true) -> Root {
        state(applyingFirst: count, fillingCheckpoints: fillingCheckpoints) { () throws(Never) in }
    }

    /// ``state(applyingFirst:fillingCheckpoints:)``, calling `check` before each part of the
    /// replay (the entries up to the next checkpoint), which throws to stop it: a test job's
    /// limit. Holding the lock.
    func state<Failure: Error>(
        applyingFirst count: Int, fillingCheckpoints: Bool = true, checking check: () throws(Failure) -> Void
    ) throws(Failure) -> Root {
        if let cursor, cursor.count == count {
            return cursor.store.state
        }
        var checkpoint = count / interval
        while checkpoints[checkpoint] == nil {
            checkpoint -= 1
        }
        var position = checkpoint * interval
        let store: Store<Root>
        if let cursor, cursor.count < count, cursor.count >= position {
            (position, store) = cursor
        } else {
            store = makeStore(checkpoints[checkpoint]!)
        }
        while position < count {
            do {
                try check()
            } catch {
                // The replay stops between parts: the store stands at `position`.
                cursor = (position, store)
                throw error
            }
            let end = min(count, (position / interval + 1) * interval)
            let entries = (position..<end).compactMap(replayedEntry(at:))
            do {
                try store.replay(Journal(entries: entries))
            } catch {
                preconditionFailure("ReduxInspector: replayed an entry that is not replayable: \(error)")
            }
            position = end
            if fillingCheckpoints, position % interval == 0 {
                checkpoints[position / interval] = store.state
            }
        }
        cursor = (count, store)
        return store.state
    }

    /// The entry a replay applies at a position of the session as edited: nil for one toggled
    /// off or not replayable. Holding the lock.
    ///
    /// - Parameter position: From 0 to ``count`` - 1.
    func replayedEntry(at position: Int) -> JournalEntry<Root>? {
        let recorded = edits.order[position]
        let entry = recording.entries[recorded]
        return entry.isReplayable && !edits.skipped.contains(recorded) ? entry : nil
    }

    /// Drops the states that reflect the positions from `position` on. Holding the lock.
    func forgetStates(after position: Int) {
        for checkpoint in checkpoints.indices where checkpoint * interval > position {
            checkpoints[checkpoint] = nil
        }
        if let cursor, cursor.count > position {
            self.cursor = nil
        }
    }
}
