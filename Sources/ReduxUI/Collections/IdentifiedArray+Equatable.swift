extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether two arrays hold equal elements with the same ids, in the same order.
    ///
    /// - Parameters:
    ///   - lhs: An array.
    ///   - rhs: Another array.
    /// - Returns: `true` when the ids and the elements are equal, offset by offset.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.orderedIDs == rhs.orderedIDs && lhs.elements == rhs.elements
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Feeds the elements, in order, to a hasher (equal arrays have equal elements, so equal
    /// hashes).
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }
}
