/// A step from one state tree to the next, for an HTML export: the export holds a few whole
/// trees and, for every entry, the patches from the tree before it, so that its size grows with
/// the changes, not with the number of states times their size.
///
/// The page applies an entry's patches in order: a patch with a `node` replaces the node at
/// `path` (child positions from the root; the root itself when empty); one without sets the
/// node's `value` when given and appends `append` to its children.
struct TreePatch: Encodable, Equatable {
    /// Child positions from the root to the node.
    var path: [Int]
    /// The node that replaces it.
    var node: StateNode?
    /// Its new one-line value (a collection's type and count).
    var value: String?
    /// Children appended to it.
    var append: [StateNode]?

    /// The patches that make `old` into `new`.
    static func patches(from old: StateNode, to new: StateNode) -> [TreePatch] {
        var patches: [TreePatch] = []
        var path: [Int] = []
        compare(old, new, at: &path, into: &patches)
        return patches
    }

    /// The tree `patches` make of `tree`, as the page applies them.
    static func applying(_ patches: [TreePatch], to tree: StateNode) -> StateNode {
        var tree = tree
        for patch in patches {
            apply(patch, to: &tree, at: patch.path[...])
        }
        return tree
    }

    private static func apply(_ patch: TreePatch, to node: inout StateNode, at path: ArraySlice<Int>) {
        guard let first = path.first else {
            if let replacement = patch.node {
                node = replacement
                return
            }
            node.value = patch.value ?? node.value
            node.children += patch.append ?? []
            return
        }
        apply(patch, to: &node.children[first], at: path.dropFirst())
    }

    /// Appends the patches that make `old` into `new`. A node reused from the tree before shares
    /// its children's storage with it: the walk goes down only where the trees differ.
    private static func compare(
        _ old: StateNode, _ new: StateNode, at path: inout [Int], into patches: inout [TreePatch]
    ) {
        guard old.label == new.label, old.kind == new.kind, old.kind != .scalar else {
            if old != new {
                patches.append(TreePatch(path: path, node: new))
            }
            return
        }
        let value = old.value == new.value ? nil : new.value
        if old.children.count == new.children.count {
            if let value {
                patches.append(TreePatch(path: path, value: value))
            }
            guard !sharesStorage(old.children, new.children) else { return }
            old.children.withUnsafeBufferPointer { oldChildren in
                new.children.withUnsafeBufferPointer { newChildren in
                    for index in oldChildren.indices {
                        path.append(index)
                        compare(oldChildren[index], newChildren[index], at: &path, into: &patches)
                        path.removeLast()
                    }
                }
            }
            return
        }
        if new.children.count > old.children.count, new.children.starts(with: old.children) {
            patches.append(TreePatch(path: path, value: value, append: Array(new.children[old.children.count...])))
            return
        }
        patches.append(TreePatch(path: path, node: new))
    }

    /// Whether two arrays of children are one storage (a node reused from the tree before), which
    /// says they are equal without comparing them.
    private static func sharesStorage(_ one: [StateNode], _ other: [StateNode]) -> Bool {
        one.withUnsafeBufferPointer { mine in other.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }
}
