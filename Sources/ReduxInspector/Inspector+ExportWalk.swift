import Foundation
internal import ReduxShared
import ReduxStore
import ReduxTimeTravel

extension Inspector {
    /// What an HTML export's walk through the states found: each entry's patches and changes,
    /// the trees every ``exportCheckpointInterval`` entries, and how many values it reflected.
    struct WalkedStates: Equatable {
        /// `patches[i]`: what entry `i` changed in the tree before it.
        var patches: [[TreePatch]] = []
        /// `changes[i]`: what entry `i` changed, as ``changes(at:)`` gives it.
        var changes: [[StateChange]] = []
        /// The trees after 0, ``exportCheckpointInterval``, 2 × that… entries, up to the count.
        var trees: [StateNode] = []
        /// How many values the walks reflected (``ExportWalk/reflected``).
        var reflected = 0
    }

    /// Walks the states after the first `count` entries, one entry at a time (``ExportWalk``):
    /// in parts run side by side on the machine's cores when the session is long, each part
    /// replaying its entries on a store of its own from the state it starts at. Takes the lock
    /// (recursive) for the whole walk.
    ///
    /// A part's first patches are found from the tree of its start state built whole, which is
    /// the tree the part before it ends with: the result is the same however many parts there
    /// are.
    ///
    /// - Parameters:
    ///   - count: How many entries to walk, from 0 to the session's ``count``.
    ///   - parts: How many parts to walk side by side at most: by default as many as the
    ///     machine has cores, fewer when the parts would be shorter than ``exportPartLength``.
    /// - Complexity: O(*n*) entries, each replayed once and walked where it changed the state,
    ///   over the cores, plus a replay of the session to find where the parts start.
    func walkStates(
        count: Int, parts: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> WalkedStates {
        lock.withLock { walkStatesLocked(count: count, parts: parts) }
    }

    private func walkStatesLocked(count: Int, parts: Int) -> WalkedStates {
        let interval = Self.exportCheckpointInterval
        // Parts of whole checkpoint intervals, each at least `exportPartLength` entries long.
        let parts = max(1, min(parts, count / Self.exportPartLength))
        let length = (count / parts + interval - 1) / interval * interval
        let starts = Array(Swift.stride(from: 0, to: max(count, 1), by: max(length, interval)))
        // The state each part starts from, by one replay through the session, and the entries
        // it replays.
        let work = starts.enumerated().map { part, start in
            let end = part + 1 < starts.count ? starts[part + 1] : count
            return (
                start: state(applyingFirst: start, fillingCheckpoints: false),
                positions: start..<end, entries: (start..<end).map(replayedEntry(at:))
            )
        }
        let results = LockedValue([Int: WalkedStates]())
        let makeStore = self.makeStore
        DispatchQueue.concurrentPerform(iterations: work.count) { part in
            let (start, positions, entries) = work[part]
            let walked = Self.walk(
                from: start, positions: positions, entries: entries, endingTree: part == work.count - 1,
                makeStore: makeStore)
            results.withLock { $0[part] = walked }
        }
        return results.withLock { results in
            var whole = WalkedStates()
            whole.patches.reserveCapacity(count)
            whole.changes.reserveCapacity(count)
            for part in work.indices {
                guard let walked = results[part] else {
                    preconditionFailure("ReduxInspector: every part of an export's walk ends")
                }
                whole.patches += walked.patches
                whole.changes += walked.changes
                whole.trees += walked.trees
                whole.reflected += walked.reflected
            }
            return whole
        }
    }

    /// How many entries a part of an export's walk has at least: shorter sessions are walked
    /// in one part.
    static var exportPartLength: Int { 4 * exportCheckpointInterval }

    /// One part of an export's walk: from a state, the entries at `positions` replayed one by
    /// one on a store of its own.
    ///
    /// - Parameters:
    ///   - start: The state before the first position.
    ///   - positions: The positions walked; the first is a multiple of
    ///     ``exportCheckpointInterval``.
    ///   - entries: The entry replayed at each position, nil where none is.
    ///   - endingTree: Whether the tree after the last position is kept when it is a multiple
    ///     of the interval (for the last part; another part's end is the next one's start).
    ///   - makeStore: Makes the store the entries are replayed on.
    private static func walk(
        from start: Root, positions: Range<Int>, entries: [JournalEntry<Root>?], endingTree: Bool,
        makeStore: (Root) -> Store<Root>
    ) -> WalkedStates {
        var walk = ExportWalk(from: start)
        var walked = WalkedStates(trees: [walk.tree])
        walked.patches.reserveCapacity(positions.count)
        walked.changes.reserveCapacity(positions.count)
        let store = makeStore(start)
        for (position, entry) in zip(positions, entries) {
            if let entry {
                do {
                    try store.replay(Journal(entries: [entry]))
                } catch {
                    preconditionFailure("ReduxInspector: replayed an entry that is not replayable: \(error)")
                }
            }
            let step = walk.step(to: store.state)
            walked.patches.append(step.patches)
            walked.changes.append(step.changes)
            let after = position + 1
            if after % exportCheckpointInterval == 0, after < positions.upperBound || endingTree {
                walked.trees.append(walk.tree)
            }
        }
        walked.reflected = walk.reflected
        return walked
    }
}
