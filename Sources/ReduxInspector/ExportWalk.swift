/// An HTML export's walk through the states of a session, entry by entry: the tree of each state,
/// the patches from the tree before it, and the changes the entry made, each found where the
/// state changed (``TreeBuilder``, ``ChangeWalk``).
///
/// ```swift
/// var walk = ExportWalk(from: start)
/// let (patches, changes) = walk.step(to: stateAfterEntry0)
/// ```
///
/// The walk keeps one state and its tree, so it holds no more than the inspector does; an
/// entry that appends a round to a history costs the round, not the history (`==` on the
/// history's elements aside).
struct ExportWalk {
    /// The state the walk reached.
    private(set) var state: Any
    /// Its tree.
    private(set) var tree: StateNode
    /// How many values the walk reflected with `Mirror` so far (and values it handed to
    /// `StateDiff`): its work, which grows with the entries and what they changed, not with the
    /// size of the states.
    private(set) var reflected: Int

    /// Starts at a state: its tree built whole.
    ///
    /// - Parameter start: The state the session starts from.
    /// - Complexity: O(size of `start`), at most ``StateNode/maximumChildren`` per node.
    init(from start: Any) {
        var builder = TreeBuilder()
        state = start
        tree = builder.node(start, label: "", depth: 0)
        reflected = builder.reflected
    }

    /// Goes on to the state after the next entry.
    ///
    /// - Parameter next: The state after the entry.
    /// - Returns: The patches that make the tree before into the tree of `next`, and the changes
    ///   the entry made, as ``Inspector/changes(at:)`` gives them.
    /// - Complexity: O(*d*) values reflected, where *d* is what changed, plus `==` on the
    ///   elements of the arrays that changed.
    mutating func step(to next: Any) -> (patches: [TreePatch], changes: [StateChange]) {
        var builder = TreeBuilder()
        let nextTree = builder.node(next, label: "", depth: 0, previous: (state, tree))
        let changes = ChangeWalk(from: state, to: next)
        let patches = TreePatch.patches(from: tree, to: nextTree)
        reflected += builder.reflected + changes.reflected
        (state, tree) = (next, nextTree)
        return (patches, changes.changes)
    }
}
