import ReduxTimeTravel

/// The changes an entry made, as `StateDiff` writes them (``Inspector/changes(at:)``), found by
/// walking the states before and after it only where they differ: what an HTML export embeds for
/// each entry.
///
/// `StateDiff` reflects every element of a collection that is not equal as a whole: an entry
/// that appends a round to a history of *n* rounds costs *n* values boxed and compared through
/// `Mirror`, and an export of *n* entries O(*n*²). This walk follows `StateDiff` field by field
/// and case by case, but compares an array of `Equatable` elements with their own `==`
/// (``EquatableElements``) and reflects only the elements that differ: an appended round is one
/// value reflected. Sets, dictionaries and other collections are handed to `StateDiff` where
/// they differ. ``ExportWalk`` walks with it where the tree and the changes part ways:
///
/// ```swift
/// var walk = ChangeWalk()
/// walk.compare(before, after, at: "", depth: 0)
/// walk.changes   // [StateChange(path: "count", old: "1", new: "2")]
/// ```
struct ChangeWalk {
    /// The changes, in the order of the fields and elements.
    private(set) var changes: [StateChange] = []
    /// How many values the walk reflected with `Mirror`, and how many differing sets,
    /// dictionaries or other collections it handed to `StateDiff`: the walk's work, which an
    /// export's test checks does not grow with the length of a history.
    private(set) var reflected = 0

    /// `StateDiff`'s depth: deeper values are compared by their descriptions.
    static let maximumDepth = 24

    /// A walk with no changes yet: ``compare(_:_:at:depth:)`` adds those of two values.
    init() {}

    /// Notes the changes from one value to another at a place in the states.
    ///
    /// - Parameters:
    ///   - old: The value before.
    ///   - new: The value after.
    ///   - path: Where they are, as `StateDiff` writes paths (`""` at the root).
    ///   - depth: How deep they are, counted as `StateDiff` counts.
    /// - Complexity: O(*d*) values reflected, where *d* is what differs, plus `==` on the
    ///   elements of the arrays that differ.
    mutating func compare(_ old: Any, _ new: Any, at path: String, depth: Int) {
        // An array of `Equatable` elements is compared once, element by element, where
        // `StateDiff.areEqual` would compare it whole first.
        if depth < Self.maximumDepth, let oldElements = equatableElements(old),
            let newElements = equatableElements(new),
            let differing = newElements.differingIndices(from: old, below: max(oldElements.count, newElements.count))
        {
            compareElements(oldElements, newElements, at: differing, path: path, depth: depth)
            return
        }
        if StateDiff.areEqual(old, new) {
            return
        }
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)
        reflected += 2
        guard depth < Self.maximumDepth, type(of: old) == type(of: new),
            oldMirror.displayStyle == newMirror.displayStyle
        else {
            compareDescriptions(old, new, at: path)
            return
        }
        switch oldMirror.displayStyle {
        case .optional:
            switch (oldMirror.children.first?.value, newMirror.children.first?.value) {
            case (nil, nil):
                return
            case (let oldValue?, let newValue?):
                compare(oldValue, newValue, at: path, depth: depth + 1)
            case (let oldValue, let newValue):
                note(path, oldValue.map(ValueDescription.of) ?? "nil", newValue.map(ValueDescription.of) ?? "nil")
            }
        case .collection:
            handOver(old, new, at: path)
        case .enum:
            let oldPayload = oldMirror.children.first
            let newPayload = newMirror.children.first
            guard let oldPayload, let newPayload, let caseName = oldPayload.label, caseName == newPayload.label else {
                compareDescriptions(old, new, at: path)
                return
            }
            compare(oldPayload.value, newPayload.value, at: Self.joined(path, "." + caseName), depth: depth + 1)
        case .class where (old as AnyObject) === (new as AnyObject):
            return
        case .struct, .class, .tuple:
            let oldFields = ValueDescription.children(of: oldMirror)
            let newFields = ValueDescription.children(of: newMirror)
            guard !oldFields.isEmpty, oldFields.count == newFields.count else {
                compareDescriptions(old, new, at: path)
                return
            }
            for (index, (oldField, newField)) in zip(oldFields, newFields).enumerated() {
                let label = oldField.label ?? ".\(index)"
                compare(
                    oldField.value, newField.value, at: Self.joined(path, label.hasPrefix(".") ? label : "." + label),
                    depth: depth + 1)
            }
        case .set, .dictionary:
            handOver(old, new, at: path)
        default:
            compareDescriptions(old, new, at: path)
        }
    }

    /// The elements of two arrays at the positions where they differ, as `StateDiff` compares
    /// sequences: the count first, then each position.
    private mutating func compareElements(
        _ old: any EquatableElements, _ new: any EquatableElements, at differing: [Int], path: String, depth: Int
    ) {
        if old.count != new.count {
            note(Self.joined(path, ".count"), "\(old.count)", "\(new.count)")
        }
        for index in differing {
            let elementPath = path + "[\(index)]"
            switch (index < old.count, index < new.count) {
            case (true, true):
                compare(old.element(at: index), new.element(at: index), at: elementPath, depth: depth + 1)
            case (true, false):
                note(elementPath, ValueDescription.of(old.element(at: index)), StateDiff.absent)
            default:
                note(elementPath, StateDiff.absent, ValueDescription.of(new.element(at: index)))
            }
        }
    }

    /// Two values that differ, compared by `StateDiff`, its paths put under `path`.
    private mutating func handOver(_ old: Any, _ new: Any, at path: String) {
        reflected += 1
        for difference in StateDiff(expected: old, actual: new).differences {
            let inner = difference.path
            let full =
                path.isEmpty ? inner : inner.isEmpty ? path : inner.hasPrefix("[") ? path + inner : path + "." + inner
            note(full, difference.expected, difference.actual)
        }
    }

    private mutating func compareDescriptions(_ old: Any, _ new: Any, at path: String) {
        let oldText = ValueDescription.of(old)
        let newText = ValueDescription.of(new)
        if oldText != newText {
            note(path, oldText, newText)
        }
    }

    /// Notes a change.
    mutating func note(_ path: String, _ old: String, _ new: String) {
        changes.append(StateChange(path: path, old: old, new: new))
    }

    /// A member appended to a path, without the dot at the root (as `StateDiff` writes paths).
    static func joined(_ path: String, _ member: String) -> String {
        path.isEmpty ? String(member.dropFirst()) : path + member
    }
}
