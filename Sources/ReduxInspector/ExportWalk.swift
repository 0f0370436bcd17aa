import ReduxTimeTravel

/// An HTML export's walk through the states of a session, entry by entry: the tree of each
/// state, the patches from the tree before it, and the changes the entry made, found in one
/// walk of the states before and after it where they differ.
///
/// ```swift
/// var walk = ExportWalk(from: start)
/// let (patches, changes) = walk.step(to: stateAfterEntry0)
/// ```
///
/// The tree is what ``TreeBuilder`` builds and the changes what ``ChangeWalk`` finds (the
/// inspector's ``Inspector/changes(at:)``); where both descend the same way (the fields of a
/// record, the elements of an array of `Equatable` values, an optional's value) the two values
/// are reflected and compared once for both, and elsewhere each goes its own way. An array is
/// compared once, element by element, for the tree and the changes.
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
        var visit = Visit()
        let nextTree = visit.node(
            state, tree, next, at: Visit.Place(label: "", depth: 0, path: "", changeDepth: 0))
        let patches = TreePatch.patches(from: tree, to: nextTree)
        reflected += visit.builder.reflected + visit.changes.reflected + visit.reflected
        (state, tree) = (next, nextTree)
        return (patches, visit.changes.changes)
    }
}

extension ExportWalk {
    /// One step's walk of two states: the tree of the new one, reusing the old one's, and the
    /// changes, with the rules of ``TreeBuilder`` and ``ChangeWalk``.
    private struct Visit {
        /// Where a value is: its label and depth in the tree, its path and depth in the changes.
        struct Place {
            var label: String
            var depth: Int
            var path: String
            var changeDepth: Int
        }

        /// Builds the nodes where the walk does not descend itself.
        var builder = TreeBuilder()
        /// The changes found.
        var changes = ChangeWalk()
        /// How many values the walk reflected itself.
        var reflected = 0

        /// The node of `new`, and its changes from `old`.
        ///
        /// - Parameters:
        ///   - old: The value before.
        ///   - oldNode: Its node.
        ///   - new: The value after.
        ///   - place: Where they are.
        mutating func node(_ old: Any, _ oldNode: StateNode, _ new: Any, at place: Place) -> StateNode {
            guard place.depth < StateNode.maximumDepth, place.changeDepth < ChangeWalk.maximumDepth,
                oldNode.label == place.label, type(of: old) == type(of: new)
            else {
                return separately(old, oldNode, new, at: place)
            }
            if oldNode.kind == .collection, let oldElements = equatableElements(old),
                let newElements = equatableElements(new)
            {
                return elements(oldElements, oldNode, newElements, of: new, at: place)
            }
            if StateDiff.areEqual(old, new) {
                return oldNode
            }
            let newMirror = Mirror(reflecting: new)
            switch newMirror.displayStyle {
            case .optional:
                // An optional's node is its value's, at the same depth; `StateDiff` counts it.
                let oldValue = Mirror(reflecting: old).children.first?.value
                reflected += 2
                guard let oldValue, let newValue = newMirror.children.first?.value else { break }
                var inner = place
                inner.changeDepth += 1
                return node(oldValue, oldNode, newValue, at: inner)
            case .struct, .class:
                guard oldNode.kind == .record, !TreeBuilder.hasOwnDescription(new),
                    newMirror.displayStyle == .struct || (old as AnyObject) !== (new as AnyObject)
                else { break }
                let oldFields = ValueDescription.children(of: Mirror(reflecting: old))
                let newFields = ValueDescription.children(of: newMirror)
                reflected += 2
                guard !newFields.isEmpty, oldFields.count == newFields.count,
                    oldNode.children.count == newFields.count
                else { break }
                var children: [StateNode] = []
                children.reserveCapacity(newFields.count)
                for (index, (oldField, newField)) in zip(oldFields, newFields).enumerated() {
                    let label = newField.label ?? ".\(index)"
                    let member = label.hasPrefix(".") ? label : "." + label
                    let inner = Place(
                        label: label, depth: place.depth + 1, path: ChangeWalk.joined(place.path, member),
                        changeDepth: place.changeDepth + 1)
                    children.append(node(oldField.value, oldNode.children[index], newField.value, at: inner))
                }
                return StateNode(
                    label: place.label, kind: .record, value: TreeBuilder.typeName(new), children: children)
            default:
                break
            }
            return separately(old, oldNode, new, at: place)
        }

        /// An array's node and changes: the elements compared once for both, and walked where
        /// they differ.
        private mutating func elements(
            _ old: any EquatableElements, _ oldNode: StateNode, _ new: any EquatableElements, of value: Any,
            at place: Place
        ) -> StateNode {
            guard let differing = new.differingIndices(from: old, below: max(old.count, new.count)) else {
                preconditionFailure("ReduxInspector: two values of one type are arrays of one type")
            }
            if old.count != new.count {
                changes.note(ChangeWalk.joined(place.path, ".count"), "\(old.count)", "\(new.count)")
            } else if differing.isEmpty {
                return oldNode
            }
            reflected += 1
            let shown = min(new.count, StateNode.maximumChildren)
            // The earlier children as they are when only elements past those shown differ; else
            // those of the shown elements, rebuilt where they differ.
            let kept = TreeBuilder.keptChildren(
                of: oldNode, label: place.label, value, from: old.count, to: new.count,
                firstDiffering: differing.first)
            var children = kept == nil ? Array(oldNode.children.prefix(min(shown, old.count))) : []
            for index in differing {
                let elementPath = place.path + "[\(index)]"
                switch (index < old.count, index < new.count) {
                case (true, true):
                    let inner = Place(
                        label: "[\(index)]", depth: place.depth + 1, path: elementPath,
                        changeDepth: place.changeDepth + 1)
                    if index < shown {
                        children[index] = node(
                            old.element(at: index), children[index], new.element(at: index), at: inner)
                    } else {
                        changes.compare(
                            old.element(at: index), new.element(at: index), at: elementPath, depth: inner.changeDepth)
                    }
                case (true, false):
                    changes.note(elementPath, ValueDescription.of(old.element(at: index)), StateDiff.absent)
                default:
                    let element = new.element(at: index)
                    changes.note(elementPath, StateDiff.absent, ValueDescription.of(element))
                    if index < shown {
                        children.append(builder.node(element, label: "[\(index)]", depth: place.depth + 1))
                    }
                }
            }
            return kept ?? TreeBuilder.container(.collection, place.label, value, count: new.count, children)
        }

        /// The node and the changes where the two walks go their own ways.
        private mutating func separately(_ old: Any, _ oldNode: StateNode, _ new: Any, at place: Place) -> StateNode {
            changes.compare(old, new, at: place.path, depth: place.changeDepth)
            return builder.node(new, label: place.label, depth: place.depth, previous: (old, oldNode))
        }
    }
}
