extension IdentifiedArray: MutableCollection {
    /// The element at an offset; a write replaces it with a value of the same id, so that
    /// `ForEach($store.todos) { $todo in … }` binds each row.
    ///
    /// A write that changes the element's id stops the program, as an offset out of range does:
    /// the index would point at the wrong element. Change an id through ``subscript(id:)``.
    ///
    /// - Parameter position: A valid offset.
    /// - Complexity: O(1).
    public subscript(position: Int) -> Element {
        get { storage[position] }
        set {
            precondition(
                id(of: newValue) == orderedIDs[position],
                "IdentifiedArray: the element written at offset \(position) has another id; write it through "
                    + "subscript(id:) to change an element's id")
            storage[position] = newValue
        }
    }

    /// Swaps two elements, and their ids with them: what `reverse()`, `shuffle()` and
    /// `partition(by:)` move elements with.
    ///
    /// - Parameters:
    ///   - first: A valid offset.
    ///   - second: A valid offset.
    /// - Complexity: O(1).
    public mutating func swapAt(_ first: Int, _ second: Int) {
        guard first != second else { return }
        storage.swapAt(first, second)
        orderedIDs.swapAt(first, second)
        positions[orderedIDs[first]] = first
        positions[orderedIDs[second]] = second
    }
}
