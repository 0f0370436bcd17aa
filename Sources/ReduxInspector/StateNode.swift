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
/// past ``maximumChildren`` are left out, which a last scalar child says.
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
    /// How many children a node shows; a last scalar child says the rest are left out.
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
        var builder = TreeBuilder()
        self = builder.node(value, label: label, depth: 0)
    }

    /// The tree of a value, reusing the nodes of another value's tree where the two are equal
    /// (`Equatable` parts compared with `==`): the next state's tree, built at the cost of what
    /// changed.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - previous: An earlier value of the same type, and its tree.
    init(_ value: Any, reusing previous: (value: Any, node: StateNode)) {
        var builder = TreeBuilder()
        self = builder.node(value, label: "", depth: 0, previous: previous)
    }

    /// How many nodes the tree has, this one included.
    ///
    /// - Complexity: O(*n*) in the nodes.
    var nodeCount: Int {
        children.reduce(1) { $0 + $1.nodeCount }
    }
}
