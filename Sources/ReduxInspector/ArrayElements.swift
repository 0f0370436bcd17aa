import ReduxTimeTravel

/// A Swift array read element by element, for the walk that finds a generated test's changes:
/// compared with its elements' own `==` when they are `Equatable` (``EquatableElements``, no
/// element boxed but those that differ), else through `Mirror`.
struct ArrayElements {
    /// The array.
    let value: Any
    /// How many elements it has.
    let count: Int
    private let equatable: (any EquatableElements)?
    private let reflected: [Any]

    /// The elements of `value`, when it is an `Array`; nil for any other value.
    init?(_ value: Any) {
        guard String(reflecting: type(of: value)).hasPrefix("Swift.Array<") else { return nil }
        self.value = value
        equatable = equatableElements(value)
        if let equatable {
            count = equatable.count
            reflected = []
        } else {
            reflected = Mirror(reflecting: value).children.map(\.value)
            count = reflected.count
        }
    }

    /// The element at a position.
    ///
    /// - Parameter index: From 0 to ``count`` - 1.
    func element(at index: Int) -> Any {
        equatable?.element(at: index) ?? reflected[index]
    }

    /// The positions at which this array and another of its type differ, in order; a position
    /// only one of them has counts as differing.
    ///
    /// - Parameters:
    ///   - other: An array of the same type.
    ///   - limit: Checked at every element compared through `Mirror`.
    /// - Throws: ``InspectorError`` when `limit` is reached.
    /// - Complexity: O(*n*) comparisons with `==` (which skip elements that are the same bytes),
    ///   or walks of elements through `Mirror`.
    func differingIndices(from other: ArrayElements, limit: WorkLimit) throws(InspectorError) -> [Int] {
        let longest = Swift.max(count, other.count)
        if let equatable, let indices = equatable.differingIndices(from: other.value, below: longest) {
            return indices
        }
        var indices: [Int] = []
        for index in 0..<longest {
            try limit.check("while comparing states")
            if index >= Swift.min(count, other.count)
                || !StateDiff(expected: element(at: index), actual: other.element(at: index)).isEmpty
            {
                indices.append(index)
            }
        }
        return indices
    }
}
