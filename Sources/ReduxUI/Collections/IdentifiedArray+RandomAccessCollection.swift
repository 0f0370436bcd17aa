extension IdentifiedArray: RandomAccessCollection {
    /// The offset of the first element: always 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The offset after the last element: the number of elements.
    ///
    /// - Complexity: O(1).
    public var endIndex: Int { storage.count }
}
