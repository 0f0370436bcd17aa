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

    init(_ keyPath: AnyKeyPath, id: AnyHashable? = nil) {
        self.keyPath = keyPath
        self.id = id
    }

    /// `\(keyPath)`, then `[id: …]` for an element.
    var description: String {
        id.map { "\(keyPath)[id: \($0.base)]" } ?? "\(keyPath)"
    }
}
