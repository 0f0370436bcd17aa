/// An ordered list whose elements are found by id in constant time: the list a view shows rows of.
///
/// An array keeps the order; a dictionary from id to offset finds an element without scanning, so
/// a row's reducer reaches its element by id however the rows were inserted, removed or moved:
///
/// ```swift
/// struct Todo: Identifiable { let id: Int; var title: String; var isComplete = false }
///
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
/// todos[id: 2]?.isComplete = true
/// todos.remove(id: 1)
/// ```
///
/// Ids are unique: an element whose id is already present replaces the element with that id, in its
/// place, whether it comes from an initialiser, ``append(_:)``, ``insert(_:at:)`` or
/// ``subscript(id:)``. It is a `MutableCollection`, so SwiftUI binds each row of
/// `ForEach($store.todos) { $todo in … }`; a write at an offset keeps the element's id (writing
/// another id there stops the program, as an offset out of range does): change an id through
/// ``subscript(id:)``.
///
/// Equality and hashing look at the ids and the elements in order, `Codable` at the elements; the key
/// path that reads an id is not part of the value.
public struct IdentifiedArray<ID: Hashable & Sendable, Element>: IdentifiedCollection {
    /// Reads an element's id.
    let idPath: any KeyPath<Element, ID> & Sendable
    /// Where each id's element is in ``elements``.
    var positions: [ID: Int]

    /// The elements, in chunks, with the revision a scope reads.
    var storage: ChunkedElements<Element>

    /// The elements, in order, as an array.
    ///
    /// - Complexity: O(*n*): the array is put together from the storage's chunks, which let a
    ///   write to one element of a list the views share copy a chunk rather than the list.
    public internal(set) var elements: [Element] {
        get { storage.array }
        set {
            storage.replaceAll(with: newValue)
        }
    }
    /// The ids, in the elements' order: kept, so that reading ``ids`` (what a list's scope compares
    /// on every update) reads no key path.
    var orderedIDs: [ID]

    /// Creates an array from its storage.
    init(idPath: any KeyPath<Element, ID> & Sendable, elements: [Element], positions: [ID: Int]) {
        self.idPath = idPath
        storage = ChunkedElements(elements)
        self.positions = positions
        orderedIDs = elements.map { $0[keyPath: idPath] }
    }

    /// Creates an array from elements whose ids the caller knows to be unique.
    ///
    /// Skips the work of replacing duplicates one by one. A duplicated id is a mistake in the calling
    /// code: it stops a debug build; a release build then keeps the rule of ``init(_:id:)`` (a later
    /// element replaces the earlier one with the same id).
    ///
    /// - Parameters:
    ///   - elements: The elements, in order, with unique ids.
    ///   - id: The key path to an element's id.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(uncheckedUniqueElements elements: some Sequence<Element>, id: any KeyPath<Element, ID> & Sendable) {
        let elements = Array(elements)
        var positions: [ID: Int] = [:]
        positions.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            let elementID = element[keyPath: id]
            guard positions.updateValue(offset, forKey: elementID) == nil else {
                assertionFailure("ReduxUI: IdentifiedArray(uncheckedUniqueElements:) got the id \(elementID) twice")
                self.init(elements, id: id)
                return
            }
        }
        self.init(idPath: id, elements: elements, positions: positions)
    }

    /// Creates an array from a sequence of elements; a later element with an id already present
    /// replaces the earlier one in its place.
    ///
    /// ```swift
    /// let rows = IdentifiedArray([Row(key: "a", n: 1), Row(key: "b", n: 2), Row(key: "a", n: 3)], id: \.key)
    /// // rows.elements == [Row(key: "a", n: 3), Row(key: "b", n: 2)]
    /// ```
    ///
    /// - Parameters:
    ///   - elements: The elements, in order.
    ///   - id: The key path to an element's id.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(_ elements: some Sequence<Element>, id: any KeyPath<Element, ID> & Sendable) {
        self.init(idPath: id, elements: [], positions: [:])
        positions.reserveCapacity(elements.underestimatedCount)
        for element in elements {
            append(element)
        }
    }

    /// The ids, in the array's order.
    ///
    /// - Complexity: O(1).
    public var ids: [ID] {
        orderedIDs
    }

    /// The element with an id, or nil when no element has it; setting nil removes that element,
    /// setting a value stores it.
    ///
    /// A value whose id is `id` replaces the element with that id in its place, or is appended when
    /// no element has it. A value with another id is stored under its own id: the element with `id`
    /// is removed, and the value replaces the element that has the value's id in its place, or takes
    /// the removed element's place, or is appended when neither exists.
    ///
    /// ```swift
    /// todos[id: todo.id]?.isComplete = true
    /// todos[id: todo.id] = nil  // removes it
    /// ```
    ///
    /// - Parameter id: The id of the element.
    /// - Complexity: Reading, replacing and appending: O(1) amortised. Removing or inserting:
    ///   O(*n*), where *n* is the number of elements.
    public subscript(id id: ID) -> Element? {
        get {
            positions[id].map { storage[$0] }
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            let newID = self.id(of: newValue)
            var vacated: Int?
            if newID != id, let offset = positions[id] {
                remove(at: offset)
                vacated = offset
            }
            if let offset = positions[newID] {
                storage[offset] = newValue
            } else if let vacated {
                insert(newValue, at: vacated)
            } else {
                append(newValue)
            }
        }
    }

    /// The offset of the element with an id, or nil when no element has it.
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: The element's offset (its index).
    /// - Complexity: O(1).
    public func index(id: ID) -> Int? {
        positions[id]
    }

    /// Whether an element has an id.
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: `true` when an element has the id.
    /// - Complexity: O(1).
    public func contains(id: ID) -> Bool {
        positions[id] != nil
    }

    /// The id of an element.
    func id(of element: Element) -> ID {
        element[keyPath: idPath]
    }

    /// Records the offsets of the elements in `range` (after the elements there moved), and the
    /// ids from the range's start on (the elements' count may have changed).
    mutating func reindex(_ range: Range<Int>) {
        orderedIDs.removeSubrange(Swift.min(range.lowerBound, orderedIDs.count)...)
        for offset in range.lowerBound..<storage.count {
            let elementID = id(of: storage[offset])
            if offset < range.upperBound { positions[elementID] = offset }
            orderedIDs.append(elementID)
        }
    }

    /// Notes an element appended at the end, with its id.
    mutating func noteAppended(_ elementID: ID) {
        positions[elementID] = storage.count - 1
        orderedIDs.append(elementID)
    }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
    /// Creates an empty array of identifiable elements.
    ///
    /// - Complexity: O(1).
    public init() {
        self.init(uncheckedUniqueElements: [], id: \Element.id)
    }

    /// Creates an array from a sequence of identifiable elements; a later element with an id
    /// already present replaces the earlier one in its place.
    ///
    /// - Parameter elements: The elements, in order.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(_ elements: some Sequence<Element>) {
        self.init(elements, id: \Element.id)
    }

    /// Creates an array from identifiable elements whose ids the caller knows to be unique.
    ///
    /// A duplicated id stops a debug build; a release build then keeps the rule of ``init(_:)``.
    ///
    /// - Parameter elements: The elements, in order, with unique ids.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(uncheckedUniqueElements elements: some Sequence<Element>) {
        self.init(uncheckedUniqueElements: elements, id: \Element.id)
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
    /// Creates an array from a literal; a later element with an id already present replaces the
    /// earlier one in its place.
    ///
    /// - Parameter elements: The elements, in order.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

/// An ``IdentifiedArray`` of identifiable elements, found by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>
where Element.ID: Sendable

extension IdentifiedArray: Sendable where Element: Sendable {}

extension IdentifiedArray: CustomStringConvertible, CustomReflectable {
    /// The elements, written as an array writes them.
    public var description: String {
        elements.description
    }

    /// A mirror that shows the elements as an array's mirror does, so that a test's state diff names
    /// the element that differs (`todos[1].title`) rather than the storage.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
    }
}

extension IdentifiedArray: RevisedCollection {
    var revision: ContentRevision { storage.revision }

    func visitElements(_ body: (_ offset: Int, _ element: Element) -> Void) {
        storage.visit(body)
    }
}
