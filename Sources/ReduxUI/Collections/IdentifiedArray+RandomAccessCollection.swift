extension IdentifiedArray: RandomAccessCollection {
    /// The offset of the first element: always 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The offset after the last element: the number of elements.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { elements.count }

    /// The offsets of the elements, from 0.
    ///
    /// - Complexity: O(1).
    public var indices: Range<Int> { elements.indices }

    /// The number of elements.
    ///
    /// - Complexity: O(1).
    public var count: Int { elements.count }

    /// Whether the array has no elements.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool { elements.isEmpty }

    /// The element at an offset.
    ///
    /// Read-only: write an element through ``subscript(id:)``, which keeps the index right if its id
    /// changes.
    ///
    /// - Parameter position: A valid offset.
    /// - Complexity: O(1).
    public subscript(position: Int) -> Element {
        elements[position]
    }

    /// The offset after another.
    ///
    /// - Parameter offset: A valid offset before ``endIndex``.
    /// - Returns: `offset + 1`.
    /// - Complexity: O(1).
    public func index(after offset: Int) -> Int { offset + 1 }

    /// The offset before another.
    ///
    /// - Parameter offset: A valid offset after ``startIndex``.
    /// - Returns: `offset - 1`.
    /// - Complexity: O(1).
    public func index(before offset: Int) -> Int { offset - 1 }
}
