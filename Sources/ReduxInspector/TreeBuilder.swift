import ReduxTimeTravel

/// Builds the ``StateNode`` tree of a value through `Mirror`, reusing the nodes of an earlier
/// value's tree where the two are equal, and counts the values it reflects.
///
/// The parts of an earlier value are paired with this one's by position: the fields of a
/// record, the elements of a collection. An array of `Equatable` elements is compared with its
/// elements' own `==` (``EquatableElements``), so a history to which one round was appended
/// reflects that round only, however long it is.
struct TreeBuilder {
    /// How many values the builder reflected with `Mirror`: its work, which an export's test
    /// checks does not grow with the length of a history.
    private(set) var reflected = 0

    /// The node of a value.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - label: Under which name its parent holds it.
    ///   - depth: How deep it is; from ``StateNode/maximumDepth`` on, the node is the scalar `…`.
    ///   - previous: An earlier value in its place and its node, to reuse where equal.
    mutating func node(
        _ value: Any, label: String, depth: Int, previous: (value: Any, node: StateNode)? = nil
    ) -> StateNode {
        guard depth < StateNode.maximumDepth else { return StateNode(label: label, kind: .scalar, value: "…") }
        if let previous, previous.node.label == label, StateDiff.areEqual(previous.value, value) {
            return previous.node
        }
        let previous = previous.flatMap { type(of: $0.value) == type(of: value) ? $0 : nil }
        let mirror = Mirror(reflecting: value)
        reflected += 1
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else {
                return StateNode(label: label, kind: .scalar, value: "nil")
            }
            return node(wrapped, label: label, depth: depth)
        case .collection:
            if let elements = value as? any EquatableElements, let previous, previous.node.kind == .collection {
                return reusingElements(elements, of: value, label: label, depth: depth, previous: previous)
            }
            var children: [StateNode] = []
            for (index, child) in mirror.children.prefix(StateNode.maximumChildren).enumerated() {
                children.append(node(child.value, label: "[\(index)]", depth: depth + 1))
            }
            return Self.container(.collection, label, value, count: mirror.children.count, children)
        case .set:
            let elements = mirror.children.map { ($0.value, ValueDescription.of($0.value)) }.sorted { $0.1 < $1.1 }
            var children: [StateNode] = []
            for (element, _) in elements.prefix(StateNode.maximumChildren) {
                children.append(node(element, label: "", depth: depth + 1))
            }
            return Self.container(.set, label, value, count: elements.count, children)
        case .dictionary:
            let entries = Self.dictionaryEntries(mirror)
            var children: [StateNode] = []
            for (key, entry) in entries.prefix(StateNode.maximumChildren) {
                children.append(node(entry, label: "[\(key)]", depth: depth + 1))
            }
            return Self.container(.dictionary, label, value, count: entries.count, children)
        case .enum:
            return enumNode(value, mirror: mirror, label: label, depth: depth)
        case .tuple:
            return StateNode(label: label, kind: .record, value: "", children: fields(of: mirror, depth: depth))
        case .struct, .class:
            guard !Self.hasOwnDescription(value) else { break }
            // The earlier value's fields, paired with this one's by position.
            let earlier = previous.flatMap { previous -> [(value: Any, node: StateNode)]? in
                guard previous.node.kind == .record else { return nil }
                reflected += 1
                let parts = ValueDescription.children(of: Mirror(reflecting: previous.value)).map(\.value)
                guard parts.count == previous.node.children.count else { return nil }
                return Array(zip(parts, previous.node.children))
            }
            let children = fields(of: mirror, depth: depth, earlier: earlier)
            guard !children.isEmpty else { break }
            return StateNode(label: label, kind: .record, value: Self.typeName(value), children: children)
        default:
            break
        }
        return StateNode(label: label, kind: .scalar, value: ValueDescription.of(value))
    }

    /// An array's node, the earlier array's nodes kept for the elements `==` finds equal at the
    /// same position: an appended element is the only one reflected.
    private mutating func reusingElements(
        _ elements: any EquatableElements, of value: Any, label: String, depth: Int,
        previous: (value: Any, node: StateNode)
    ) -> StateNode {
        let shown = min(elements.count, StateNode.maximumChildren)
        let earlier = previous.value as? any EquatableElements
        guard let earlier, let differing = elements.differingIndices(from: previous.value, below: shown) else {
            preconditionFailure("ReduxInspector: an array's earlier value is an array of its type")
        }
        if let kept = Self.keptChildren(
            of: previous.node, label: label, value, from: earlier.count, to: elements.count,
            firstDiffering: differing.first)
        {
            return kept
        }
        // The earlier nodes, then those of the elements that differ built again: an appended
        // element is the only one reflected.
        var children = Array(previous.node.children.prefix(min(shown, earlier.count)))
        for index in differing {
            let element = elements.element(at: index)
            let label = "[\(index)]"
            guard index < children.count else {
                children.append(node(element, label: label, depth: depth + 1))
                continue
            }
            children[index] = node(
                element, label: label, depth: depth + 1, previous: (earlier.element(at: index), children[index]))
        }
        return Self.container(.collection, label, value, count: elements.count, children)
    }

    /// A collection's node: the children of its first ``StateNode/maximumChildren`` elements,
    /// and a last one that says the others are left out (the collection's own value says how
    /// many there are: the last child is the same for every length, so a long history's node
    /// keeps its children when an element is appended).
    static func container(
        _ kind: StateNode.Kind, _ label: String, _ value: Any, count: Int, _ children: [StateNode]
    ) -> StateNode {
        var shown = children
        if count > StateNode.maximumChildren {
            shown.append(
                StateNode(label: "…", kind: .scalar, value: "only the first \(StateNode.maximumChildren) are shown"))
        }
        return StateNode(label: label, kind: kind, value: containerValue(value, count: count), children: shown)
    }

    /// An array's node that keeps the earlier node's children as they are (their storage
    /// shared, so that the patches skip them), only the count new: when both arrays are longer
    /// than a tree shows and the shown elements are equal; nil otherwise.
    ///
    /// - Parameters:
    ///   - earlier: The earlier array's node.
    ///   - label: The node's label.
    ///   - value: The array.
    ///   - earlierCount: How many elements the earlier array has.
    ///   - count: How many the array has.
    ///   - firstDiffering: The first position at which the two differ, nil where none does.
    static func keptChildren(
        of earlier: StateNode, label: String, _ value: Any, from earlierCount: Int, to count: Int,
        firstDiffering: Int?
    ) -> StateNode? {
        let shown = StateNode.maximumChildren
        guard earlierCount > shown, count > shown, (firstDiffering ?? shown) >= shown else { return nil }
        var node = earlier
        node.label = label
        node.value = containerValue(value, count: count)
        return node
    }

    /// A collection's value: its type and how many elements it has, `Array<Int> (3)`.
    private static func containerValue(_ value: Any, count: Int) -> String {
        "\(typeName(value)) (\(count))"
    }

    private mutating func enumNode(_ value: Any, mirror: Mirror, label: String, depth: Int) -> StateNode {
        guard !Self.hasOwnDescription(value), let payload = mirror.children.first, let caseName = payload.label else {
            return StateNode(label: label, kind: .scalar, value: ValueDescription.of(value))
        }
        let payloadMirror = Mirror(reflecting: payload.value)
        reflected += 1
        let children =
            payloadMirror.displayStyle == .tuple
            ? fields(of: payloadMirror, depth: depth)
            : [node(payload.value, label: caseName, depth: depth + 1)]
        return StateNode(label: label, kind: .enumCase, value: "." + caseName, children: children)
    }

    /// The stored properties of a record (a class's inherited ones first), or a tuple's members
    /// (labelled `.0`, `.1`… when they have no label).
    private mutating func fields(
        of mirror: Mirror, depth: Int, earlier: [(value: Any, node: StateNode)]? = nil
    ) -> [StateNode] {
        ValueDescription.children(of: mirror).enumerated().map { index, child in
            node(
                child.value, label: child.label ?? ".\(index)", depth: depth + 1,
                previous: earlier.flatMap { index < $0.count ? $0[index] : nil })
        }
    }

    /// A dictionary's entries, keyed by the description of their keys, sorted by it.
    private static func dictionaryEntries(_ mirror: Mirror) -> [(String, Any)] {
        mirror.children.compactMap { pair -> (String, Any)? in
            let parts = Array(Mirror(reflecting: pair.value).children)
            guard parts.count == 2 else { return nil }
            return (ValueDescription.of(parts[0].value), parts[1].value)
        }
        .sorted { $0.0 < $1.0 }
    }

    static func hasOwnDescription(_ value: Any) -> Bool {
        value is any CustomDebugStringConvertible || value is any CustomStringConvertible
    }

    static func typeName(_ value: Any) -> String {
        ValueDescription.name(of: type(of: value))
    }
}
