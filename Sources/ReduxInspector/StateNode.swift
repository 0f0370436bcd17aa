import ReduxTimeTravel

/// A state as a tree, for display: struct fields, collection elements, dictionary entries and
/// enum payloads as children, scalars as ReduxTesting's messages write them.
///
/// ```swift
/// let tree = StateNode(Catalog(requested: [1]))
/// // record "Catalog": requested (collection "[Int] (1)": [0] scalar "1"), found…, announced…
/// ```
///
/// Built through `Mirror`, so it needs no conformance from the app's types. An optional shows
/// its wrapped value (or the scalar `nil`); a value whose type has its own `description` (a
/// date, a URL) is a scalar. A node deeper than ``maximumDepth`` is the scalar `…`; children
/// past ``maximumChildren`` are left out and summed up in a last scalar child.
public struct StateNode: Sendable, Equatable, Codable {
    /// What a node holds.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A struct, class or tuple: its stored properties are the children.
        case record
        /// An array or another collection: its elements, labelled `[0]`, `[1]`….
        case collection
        /// A dictionary: its values, labelled by key and sorted by it.
        case dictionary
        /// A set: its elements, sorted by their description.
        case set
        /// An enum case with a payload: the payload's values are the children.
        case enumCase
        /// A value shown on one line, without children.
        case scalar
    }

    /// The field name, `[index]`, `[key]` or payload label under which the parent holds the node;
    /// empty for the root.
    public var label: String
    /// What the node holds.
    public var kind: Kind
    /// The node on one line: a type name (`Catalog`), with the element count for collections
    /// (`[Int] (3)`), `.case` for an enum case, the value for a scalar (`"Ann"`, `42`, `.idle`).
    public var value: String
    /// The children, in the order of the fields and elements.
    public var children: [StateNode]

    /// How deep a tree goes; deeper values are a scalar `…`.
    public static let maximumDepth = 32
    /// How many children a node shows; the rest are summed up in a last scalar child.
    public static let maximumChildren = 1_000

    /// A node.
    ///
    /// - Parameters:
    ///   - label: Under which name the parent holds it.
    ///   - kind: What it holds.
    ///   - value: It on one line.
    ///   - children: Its children.
    public init(label: String, kind: Kind, value: String, children: [StateNode] = []) {
        self.label = label
        self.kind = kind
        self.value = value
        self.children = children
    }

    /// The tree of a value.
    ///
    /// - Parameters:
    ///   - value: Any value, usually a state.
    ///   - label: The root's label.
    /// - Complexity: O(*n*) in the values reachable from `value`, at most ``maximumChildren`` per
    ///   node, plus a sort of dictionary keys and set elements.
    public init(_ value: Any, label: String = "") {
        self = Self.node(value, label: label, depth: 0)
    }

    /// The tree of a value, reusing the nodes of another value's tree where the two are equal
    /// (`Equatable` parts compared with `==`): the next state's tree, built at the cost of what
    /// changed.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - previous: An earlier value of the same type, and its tree.
    init(_ value: Any, reusing previous: (value: Any, node: StateNode)) {
        self = Self.node(value, label: "", depth: 0, previous: previous)
    }

    private static func node(
        _ value: Any, label: String, depth: Int, previous: (value: Any, node: StateNode)? = nil
    ) -> StateNode {
        guard depth < maximumDepth else { return StateNode(label: label, kind: .scalar, value: "…") }
        if let previous, previous.node.label == label, StateDiff.areEqual(previous.value, value) {
            return previous.node
        }
        // The earlier value's parts, paired with this one's by position, when both are records.
        let earlier = previous.flatMap { previous -> [(value: Any, node: StateNode)]? in
            guard type(of: previous.value) == type(of: value), previous.node.kind == .record else { return nil }
            let parts = ValueDescription.children(of: Mirror(reflecting: previous.value)).map(\.value)
            guard parts.count == previous.node.children.count else { return nil }
            return Array(zip(parts, previous.node.children))
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else {
                return StateNode(label: label, kind: .scalar, value: "nil")
            }
            return node(wrapped, label: label, depth: depth)
        case .collection:
            // An earlier collection's elements, paired by position (a history that grew).
            let earlierElements = previous.flatMap { previous -> [(value: Any, node: StateNode)]? in
                guard type(of: previous.value) == type(of: value), previous.node.kind == .collection else { return nil }
                return Array(zip(Mirror(reflecting: previous.value).children.map(\.value), previous.node.children))
            }
            let children = mirror.children.enumerated().lazy.map { index, child in
                node(
                    child.value, label: "[\(index)]", depth: depth + 1,
                    previous: earlierElements.flatMap { index < $0.count ? $0[index] : nil })
            }
            return container(.collection, label, typeName(value), count: mirror.children.count, children)
        case .set:
            let elements = mirror.children.map { ($0.value, ValueDescription.of($0.value)) }.sorted { $0.1 < $1.1 }
            let children = elements.lazy.map { element, _ in node(element, label: "", depth: depth + 1) }
            return container(.set, label, typeName(value), count: elements.count, children)
        case .dictionary:
            let entries = dictionaryEntries(mirror)
            let children = entries.lazy.map { key, entry in node(entry, label: "[\(key)]", depth: depth + 1) }
            return container(.dictionary, label, typeName(value), count: entries.count, children)
        case .enum:
            return enumNode(value, mirror: mirror, label: label, depth: depth)
        case .tuple:
            return StateNode(label: label, kind: .record, value: "", children: fields(of: mirror, depth: depth))
        case .struct, .class:
            guard !hasOwnDescription(value) else { break }
            let children = fields(of: mirror, depth: depth, earlier: earlier)
            guard !children.isEmpty else { break }
            return StateNode(label: label, kind: .record, value: typeName(value), children: children)
        default:
            break
        }
        return StateNode(label: label, kind: .scalar, value: ValueDescription.of(value))
    }

    /// A collection's node, with at most ``maximumChildren`` children and a last one that says
    /// how many more there are.
    private static func container(
        _ kind: Kind, _ label: String, _ typeName: String, count: Int, _ children: some Sequence<StateNode>
    ) -> StateNode {
        var shown = Array(children.prefix(maximumChildren))
        if count > maximumChildren {
            shown.append(StateNode(label: "…", kind: .scalar, value: "\(count - maximumChildren) more not shown"))
        }
        return StateNode(label: label, kind: kind, value: "\(typeName) (\(count))", children: shown)
    }

    private static func enumNode(_ value: Any, mirror: Mirror, label: String, depth: Int) -> StateNode {
        guard !hasOwnDescription(value), let payload = mirror.children.first, let caseName = payload.label else {
            return StateNode(label: label, kind: .scalar, value: ValueDescription.of(value))
        }
        let payloadMirror = Mirror(reflecting: payload.value)
        let children =
            payloadMirror.displayStyle == .tuple
            ? fields(of: payloadMirror, depth: depth)
            : [node(payload.value, label: caseName, depth: depth + 1)]
        return StateNode(label: label, kind: .enumCase, value: "." + caseName, children: children)
    }

    /// The stored properties of a record (a class's inherited ones first), or a tuple's members
    /// (labelled `.0`, `.1`… when they have no label).
    private static func fields(
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

    private static func hasOwnDescription(_ value: Any) -> Bool {
        value is any CustomDebugStringConvertible || value is any CustomStringConvertible
    }

    private static func typeName(_ value: Any) -> String {
        ValueDescription.name(of: type(of: value))
    }
}
