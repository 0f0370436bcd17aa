extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether two arrays hold equal elements with the same ids, in the same order.
    ///
    /// - Parameters:
    ///   - lhs: An array.
    ///   - rhs: Another array.
    /// - Returns: `true` when the ids and the elements are equal, offset by offset.
    /// - Complexity: O(*n*), where *n* is the number of elements; O(1) for copies of one array
    ///   that neither changed since.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage.revision.isSame(as: rhs.storage.revision)
            || (lhs.orderedIDs == rhs.orderedIDs && lhs.storage.hasEqualElements(to: rhs.storage))
    }
}

extension IdentifiedArray: Hashable where Element: Hashable {
    /// Feeds the elements, in order, to a hasher (equal arrays have equal elements, so equal
    /// hashes).
    ///
    /// - Parameter hasher: The hasher to feed.
    /// - Complexity: O(*n*), where *n* is the number of elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self {
            hasher.combine(element)
        }
    }
}
