/// A dictionary of `Equatable` values keyed by `String` or `Int` (which JSON writes as an
/// object's keys), read without `Mirror`: the walk that finds a generated test's changes looks up
/// each key of one dictionary in the other with the values' own `==`, and boxes only the entries
/// that differ.
protocol EquatableEntries {
    /// The entries that differ between this dictionary and another of its type, by their keys'
    /// text: those of this one, and those of the other; a key only one of them has counts as
    /// differing.
    ///
    /// - Parameter other: A dictionary of the same type.
    /// - Returns: The entries, or nil when `other` is not a dictionary of this type, or the keys
    ///   are neither `String` nor `Int`.
    /// - Complexity: O(*n*) look-ups and comparisons with `==`.
    func differingEntries(from other: Any) -> (mine: [(key: String, value: Any)], theirs: [(key: String, value: Any)])?
}

/// The dictionary of `Equatable` values a value is, nil for any other value, an optional that
/// holds such a dictionary among them (which a dynamic cast would unwrap).
///
/// - Parameter value: Any value.
func equatableEntries(_ value: Any) -> (any EquatableEntries)? {
    guard type(of: value) is any EquatableEntries.Type else { return nil }
    return value as? any EquatableEntries
}

extension Dictionary: EquatableEntries where Value: Equatable {
    func differingEntries(
        from other: Any
    ) -> (mine: [(key: String, value: Any)], theirs: [(key: String, value: Any)])? {
        guard Key.self == String.self || Key.self == Int.self, let other = other as? [Key: Value] else { return nil }
        var mine: [(key: String, value: Any)] = []
        var theirs: [(key: String, value: Any)] = []
        for (key, value) in self where other[key] != value {
            mine.append(("\(key)", value))
        }
        for (key, value) in other where self[key] != value {
            theirs.append(("\(key)", value))
        }
        return (mine, theirs)
    }
}
