/// An array of `Equatable` elements, read without `Mirror`: the walks of an export compare two
/// arrays element by element with the elements' own `==`, and reflect only those that differ.
///
/// A long history to which an entry appended one element is compared at the speed of `==` on
/// its elements (no value boxed, no `Mirror` made), and only the new element is reflected.
protocol EquatableElements {
    /// How many elements there are.
    var count: Int { get }

    /// The element at a position.
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    func element(at index: Int) -> Any

    /// The positions below `limit` at which this array and another differ, in order; a position
    /// only one of them has counts as differing.
    ///
    /// - Parameters:
    ///   - other: An array of the same type.
    ///   - limit: The first position not compared.
    /// - Returns: The positions, or nil when `other` is not an array of this type.
    /// - Complexity: O(`limit`) comparisons with `==`.
    func differingIndices(from other: Any, below limit: Int) -> [Int]?
}

extension Array: EquatableElements where Element: Equatable {
    func element(at index: Int) -> Any {
        self[index]
    }

    func differingIndices(from other: Any, below limit: Int) -> [Int]? {
        guard let other = other as? [Element] else { return nil }
        let shared = Swift.min(limit, count, other.count)
        // Through buffers: the elements are compared where they are, not copied out first.
        var indices = withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                (0..<shared).filter { mine[$0] != theirs[$0] }
            }
        }
        indices += shared..<Swift.min(limit, Swift.max(count, other.count))
        return indices
    }
}
