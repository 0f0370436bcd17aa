import Foundation

/// An array of `Equatable` elements, read without `Mirror`: the walks of an export, and the one
/// that finds a generated test's changes, compare two arrays element by element with the
/// elements' own `==`, and reflect only those that differ.
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

/// The array of `Equatable` elements a value is, nil for any other value, an optional that
/// holds such an array among them (which a dynamic cast would unwrap).
///
/// - Parameter value: Any value.
func equatableElements(_ value: Any) -> (any EquatableElements)? {
    guard type(of: value) is any EquatableElements.Type else { return nil }
    return value as? any EquatableElements
}

extension Array: EquatableElements where Element: Equatable {
    func element(at index: Int) -> Any {
        self[index]
    }

    func differingIndices(from other: Any, below limit: Int) -> [Int]? {
        guard let other = other as? [Element] else { return nil }
        let shared = Swift.min(limit, count, other.count)
        var indices: [Int] = []
        withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in
                // One storage (an array not changed, only read): every element is equal.
                guard var one = mine.baseAddress, var another = theirs.baseAddress, one != another else { return }
                // Elements that are the same bytes are equal (copies of one value) and are not
                // handed to `==`, which an app's type implements out of this module's sight.
                let size = MemoryLayout<Element>.size
                for index in 0..<shared {
                    if memcmp(one, another, size) != 0, one.pointee != another.pointee {
                        indices.append(index)
                    }
                    one += 1
                    another += 1
                }
            }
        }
        indices += shared..<Swift.min(limit, Swift.max(count, other.count))
        return indices
    }
}
