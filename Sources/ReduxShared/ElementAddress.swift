/// One step of an element's address: which collection of the root state, and which element of it.
///
/// A dispatch from an element's scope, an explicit `dispatch(_:to:id:)`, and every follow-up of
/// the effects a feature placed at an element starts, carry the address of the element they
/// belong to, beside the action (the action itself names no element).
package struct ElementStep: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The collection, a key path from the store's root state. (`AnyKeyPath` is immutable.)
    package let collection: AnyKeyPath
    /// The element's id in that collection.
    package let id: AnyHashable

    package init(collection: AnyKeyPath, id: AnyHashable) {
        self.collection = collection
        self.id = id
    }

    package var description: String {
        "\(collection)[id: \(id.base)]"
    }
}

/// How the store reaches the elements of one collection of its root state, without knowing the
/// collection's type: made where the collection's type is known (a feature placed at each
/// element), used by the reducers' layer to reduce an element and by the store to notice that
/// one left.
package struct ElementAccess<Root>: @unchecked Sendable {
    /// The collection, a key path from the root state; part of the address of its elements.
    package let collection: AnyKeyPath
    /// Whether the collection in a root state holds an element with that id.
    package let contains: @Sendable (_ root: Root, _ id: AnyHashable) -> Bool
    /// Asks a reduction whether it reduces the collection's elements (``ElementReduction/reduces(_:)``).
    package let asks: (_ reduction: any ElementReduction) -> Bool
    /// Runs a reduction on the element with that id in place; nothing when it has none.
    package let reduce: (_ root: inout Root, _ id: AnyHashable, _ reduction: any ElementReduction) -> Void
    /// Removes the element with that id (a dismissal): pops a stack from it, removes a row, sets an
    /// optional child to nil.
    package let remove: (_ root: inout Root, _ id: AnyHashable) -> Void
    /// The id of the one element of an optional child (or of one case of an optional enum): every
    /// action reaches it, without an address; unique to the placement; nil for a collection, whose
    /// elements are reached by address only.
    package let onlyID: AnyHashable?
    /// Tells apart placements at one collection's elements that reach different elements (one
    /// case of the elements' enum each); nil for a placement at every element.
    package let kind: AnyObject?

    package init(
        collection: AnyKeyPath, contains: @escaping @Sendable (Root, AnyHashable) -> Bool,
        onlyID: AnyHashable? = nil, kind: AnyObject? = nil, asks: @escaping (any ElementReduction) -> Bool,
        reduce: @escaping (inout Root, AnyHashable, any ElementReduction) -> Void,
        remove: @escaping (inout Root, AnyHashable) -> Void
    ) {
        self.onlyID = onlyID
        self.kind = kind
        self.remove = remove
        self.asks = asks
        self.collection = collection
        self.contains = contains
        self.reduce = reduce
    }
}

extension ElementAccess {
    /// Whether an address step names this access's collection (and, for an optional child or a
    /// case, this child or case).
    package func isAddress(_ step: ElementStep) -> Bool {
        step.collection == collection && (onlyID == nil || step.id == onlyID)
    }
}

/// A reduction of one element, whose type only the collection knows.
package protocol ElementReduction {
    /// Reduces the element in place.
    func reduce<Element>(_ element: inout Element)

    /// Whether any reducer would run on an element of that type: asked without an element, so
    /// that an action no element's reducer handles skips the collection.
    func reduces<Element>(_ type: Element.Type) -> Bool
}
