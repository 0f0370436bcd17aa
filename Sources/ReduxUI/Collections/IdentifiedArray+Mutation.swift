extension IdentifiedArray {
    /// Adds an element at the end, or replaces the element with its id in that element's place.
    ///
    /// - Parameter element: The element to add.
    /// - Returns: Whether the element was added (`false`: it replaced one) and its offset.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        let elementID = id(of: element)
        if let offset = positions[elementID] {
            storage[offset] = element
            return (false, offset)
        }
        storage.append(element)
        noteAppended(elementID)
        return (true, storage.count - 1)
    }

    /// Inserts an element at an offset, or replaces the element with its id in that element's
    /// place (the offset is then not used).
    ///
    /// - Parameters:
    ///   - element: The element to insert.
    ///   - offset: Where to insert it, from 0 to `count` inclusive.
    /// - Returns: Whether the element was inserted (`false`: it replaced one) and its offset.
    /// - Precondition: `offset` is in `0...count`, as for `Array.insert(_:at:)`.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    @discardableResult
    public mutating func insert(_ element: Element, at offset: Int) -> (inserted: Bool, index: Int) {
        precondition(offset >= 0 && offset <= storage.count, "IdentifiedArray: insertion offset out of range")
        let elementID = id(of: element)
        if let existing = positions[elementID] {
            storage[existing] = element
            return (false, existing)
        }
        var elements = elements
        elements.insert(element, at: offset)
        storage.replaceAll(with: elements)
        reindex(offset..<storage.count)
        return (true, offset)
    }

    /// Removes the element with an id.
    ///
    /// - Parameter id: The id of the element to remove.
    /// - Returns: The removed element, or nil when no element had the id.
    /// - Complexity: O(*n*), where *n* is the number of elements; O(1) for the last one.
    @discardableResult
    public mutating func remove(id: ID) -> Element? {
        guard let offset = positions[id] else { return nil }
        return remove(at: offset)
    }

    /// Removes the element at an offset.
    ///
    /// - Parameter offset: The offset of the element to remove.
    /// - Returns: The removed element.
    /// - Precondition: `offset` is a valid index, as for `Array.remove(at:)`.
    /// - Complexity: O(*n*), where *n* is the number of elements; O(1) for the last one.
    @discardableResult
    public mutating func remove(at offset: Int) -> Element {
        let removed = storage[offset]
        if offset == storage.count - 1 {
            storage.removeSuffix(from: offset)
        } else {
            var elements = elements
            elements.remove(at: offset)
            storage.replaceAll(with: elements)
        }
        positions[id(of: removed)] = nil
        reindex(offset..<storage.count)
        return removed
    }

    /// Removes the elements at some offsets, as a list's `onDelete` asks (its `IndexSet` is a
    /// sequence of offsets).
    ///
    /// ```swift
    /// ForEach(todos) { … }.onDelete { todos.remove(atOffsets: $0) }
    /// ```
    ///
    /// An offset listed twice counts once.
    ///
    /// - Parameter offsets: The offsets of the elements to remove, in any order.
    /// - Precondition: Every offset is a valid index.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public mutating func remove(atOffsets offsets: some Sequence<Int>) {
        let removing = Set(offsets)
        guard let first = removing.min(), let last = removing.max() else { return }
        precondition(first >= 0 && last < storage.count, "IdentifiedArray: offset out of range")
        var kept: [Element] = []
        kept.reserveCapacity(storage.count - removing.count)
        for (offset, element) in enumerated() {
            if removing.contains(offset) {
                positions[id(of: element)] = nil
            } else {
                kept.append(element)
            }
        }
        storage.replaceAll(with: kept)
        reindex(first..<storage.count)
    }

    /// Moves the elements at some offsets to a destination, as a list's `onMove` asks: the
    /// semantics of SwiftUI's `Array.move(fromOffsets:toOffset:)`.
    ///
    /// The destination is an offset in the array *before* the move: the moved elements end up,
    /// in their original order, just before the element that was at `destination` (or at the end
    /// when `destination` is `count`).
    ///
    /// ```swift
    /// var letters: IdentifiedArray = … // a, b, c, d
    /// letters.move(fromOffsets: [0], toOffset: 3)  // b, c, a, d
    /// letters.move(fromOffsets: [1, 3], toOffset: 0)  // c, d, b, a
    /// ```
    ///
    /// - Parameters:
    ///   - source: The offsets of the elements to move, in any order; an offset listed twice
    ///     counts once.
    ///   - destination: Where to move them, from 0 to `count` inclusive, counted before the move.
    /// - Precondition: Every source offset is a valid index and `destination` is in `0...count`.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
        precondition(destination >= 0 && destination <= storage.count, "IdentifiedArray: destination out of range")
        let moving = Set(source)
        guard let lowest = moving.min(), let highest = moving.max() else { return }
        precondition(lowest >= 0 && highest < storage.count, "IdentifiedArray: offset out of range")
        var moved: [Element] = []
        var kept: [Element] = []
        moved.reserveCapacity(moving.count)
        kept.reserveCapacity(storage.count)
        var insertion = destination
        for (offset, element) in enumerated() {
            if moving.contains(offset) {
                moved.append(element)
                if offset < destination { insertion -= 1 }
            } else {
                kept.append(element)
            }
        }
        kept.insert(contentsOf: moved, at: insertion)
        storage.replaceAll(with: kept)
        // Elements below the lowest offset touched, and above the highest, kept their offsets.
        reindex(Swift.min(lowest, destination)..<Swift.max(highest + 1, destination))
    }

    /// Removes the elements from an offset to the end.
    ///
    /// - Complexity: O(*k*), where *k* is the number of elements removed.
    mutating func removeSuffix(from offset: Int) {
        for element in self[offset...] {
            positions[id(of: element)] = nil
        }
        storage.removeSuffix(from: offset)
        reindex(offset..<offset)
    }

    /// Removes every element.
    ///
    /// - Parameter keepCapacity: Whether to keep the storage for as many elements as there were.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        storage.removeAll(keepingCapacity: keepCapacity)
        positions.removeAll(keepingCapacity: keepCapacity)
        reindex(0..<0)
    }

    /// Removes the elements that satisfy a predicate, keeping the order of the rest.
    ///
    /// - Parameter shouldBeRemoved: Says whether an element is removed. When it throws, the array
    ///   is left as it was.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        self = try filter { try !shouldBeRemoved($0) }
    }

    /// Sorts the elements in place; each keeps its id.
    ///
    /// - Parameter areInIncreasingOrder: Says whether its first argument goes before its second.
    ///   When it throws, the elements are left in an unspecified order (every element is still there
    ///   and found by id).
    /// - Complexity: O(*n* log *n*), where *n* is the number of elements.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        var elements = elements
        defer {
            storage.replaceAll(with: elements)
            reindex(elements.indices)
        }
        try elements.sort(by: areInIncreasingOrder)
    }

    /// The elements that satisfy a predicate, in order, as an identified array.
    ///
    /// - Parameter isIncluded: Says whether an element is kept.
    /// - Returns: An array with the kept elements, found by the same ids.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
        var result = self
        result.removeAll(keepingCapacity: true)
        for element in self where try isIncluded(element) {
            result.storage.append(element)
            result.noteAppended(id(of: element))
        }
        return result
    }
}
