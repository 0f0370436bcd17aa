import Foundation
internal import ReduxShared
import ReduxTimeTravel

// Reading the session's entries: one, a page, the positions of a type or a search, each
// described with its causes and what an edit left out of step.

extension Inspector {
    /// The entry at a position of the session as edited.
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: O(*c*) in the length of its chain of causes, plus O(*n*) to find where the
    ///   session was first edited, if it was.
    public func entry(at index: Int) throws(InspectorError) -> InspectedEntry {
        try locked { () throws(InspectorError) in
            try check(index)
            return describe(index, firstEdit: edits.firstEdit)
        }
    }

    /// The entries at some positions of the session as edited (a page of the list).
    ///
    /// - Parameter indices: Positions from 0 to ``count`` - 1.
    /// - Throws: ``InspectorError`` of kind `.noSuchEntry` for an index outside the session.
    /// - Complexity: O(*n*) entries once, plus O(*c*) per entry.
    public func entries(at indices: some Sequence<Int>) throws(InspectorError) -> [InspectedEntry] {
        try locked { () throws(InspectorError) in
            let firstEdit = edits.firstEdit
            var entries: [InspectedEntry] = []
            for index in indices {
                try check(index)
                entries.append(describe(index, firstEdit: firstEdit))
            }
            return entries
        }
    }

    /// The positions of the entries of a type, in order.
    ///
    /// - Parameter typeName: A type name as ``InspectedEntry/typeName`` gives it.
    /// - Complexity: O(*n*) entries.
    public func indices(ofType typeName: String) -> [Int] {
        indices(ofType: typeName, matching: "")
    }

    /// The positions of the entries of a type (any, when nil) whose type name or values contain
    /// a text, ignoring case (every one, when it is empty): the page's search.
    ///
    /// The entries are described without the lock: it is held only to copy the session's order,
    /// names and entries (copies on write, which cost nothing until an edit), so a search holds up
    /// no other request, and searches run side by side.
    ///
    /// - Complexity: O(*n*) entries, each described when `text` is not empty.
    func indices(ofType typeName: String?, matching text: String) -> [Int] {
        let lowered = text.lowercased()
        let (order, names, entries): ([Int], [String], [JournalEntry<Root>]) = lock.withLock {
            (edits.order, self.names, recording.entries)
        }
        return order.indices.filter { position in
            let recorded = order[position]
            guard typeName.map({ names[recorded] == $0 }) ?? true else { return false }
            guard !lowered.isEmpty else { return true }
            let described = names[recorded] + " " + Self.summary(of: entries[recorded])
            return described.lowercased().contains(lowered)
        }
    }

    /// Describes the entry at a position. Holding the lock.
    private func describe(_ position: Int, firstEdit: Int?) -> InspectedEntry {
        let recorded = edits.order[position]
        let entry = recording.entries[recorded]
        var causes: [Int] = []
        var cause = recording.causes[recorded]
        while let recordedCause = cause, causes.count < edits.count {
            causes.append(edits.positions[recordedCause])
            cause = recording.causes[recordedCause]
        }
        return InspectedEntry(
            index: position, recordedIndex: recorded, typeName: names[recorded], summary: Self.summary(of: entry),
            causes: causes, isSkipped: edits.isSkipped(at: position),
            problem: problem(at: position, causes: causes, firstEdit: firstEdit), site: recording.sites[recorded],
            time: recording.times[recorded])
    }

    /// Why the entry at a position no longer applies cleanly, if it does not. Holding the lock.
    private func problem(at position: Int, causes: [Int], firstEdit: Int?) -> String? {
        let entry = recording.entries[edits.order[position]]
        guard entry.isReplayable else {
            return "It was recorded as not replayable (its type was not Codable), so the states leave it out."
        }
        guard !edits.isSkipped(at: position) else { return nil }
        for (distance, cause) in causes.enumerated() {
            let which = distance == 0 ? "its cause" : "the action that started its chain"
            let name = "#\(cause) (\(names[edits.order[cause]]))"
            if edits.isSkipped(at: cause) {
                return "It no longer applies cleanly: \(which) \(name) is toggled off, but it is replayed as recorded."
            }
            if cause > position {
                return "It no longer applies cleanly: \(which) \(name) now comes after it, but it is replayed here."
            }
        }
        if case .asyncResult = entry, let firstEdit, firstEdit < position {
            return "It no longer applies cleanly: a recorded async result sets the whole state recorded after it, "
                + "which sets aside what the edit at #\(firstEdit) changed."
        }
        return nil
    }

    /// An entry on one line: the action's description, or the reducer whose result it is.
    static func summary(of entry: JournalEntry<Root>) -> String {
        switch entry {
        case .action(let action): ValueDescription.action(action)
        case .asyncResult(let reducer, _): "the result of \(reducer)"
        case .notReplayable(let typeName): "\(typeName) (not replayable)"
        }
    }
}
