/// One step from a state down to a part below it: the key path scoped through and, for an element
/// of an identified collection, the element's id. Where a binding write's field lives, and what
/// names a presented child or an element as the owner of effects.
///
/// - Note: `@unchecked Sendable`: a key path is immutable, and the id is an `IdentifiedCollection`'s
///   `ID`, which is `Sendable`.
struct BindingStep: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The key path scoped through, from the state above.
    let keyPath: AnyKeyPath
    /// The element's id, for a step into an identified collection; nil for a part.
    let id: AnyHashable?
    /// Whether the step goes into a presented child (an optional part, or a case of an optional
    /// enum): below it, key paths start at the child.
    let presents: Bool

    init(_ keyPath: AnyKeyPath, id: AnyHashable? = nil, presents: Bool = false) {
        self.keyPath = keyPath
        self.id = id
        self.presents = presents
    }

    /// `\(keyPath)`, then `[id: …]` for an element.
    var description: String {
        id.map { "\(keyPath)[id: \($0.base)]" } ?? "\(keyPath)"
    }
}
