/// One step of an element's address: which collection, and which element of it.
///
/// A dispatch from an element's scope, an explicit `dispatch(_:to:id:)`, and every follow-up of
/// the effects a feature placed at an element starts, carry the address of the element they
/// belong to, beside the action (the action itself names no element). The first step's collection
/// is a key path from the store's root state; each further step's starts at the element (or the
/// presented child) the step before reached.
package struct ElementStep: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The collection (or the optional child), a key path from the root state or from the element
    /// above. (`AnyKeyPath` is immutable.)
    package let collection: AnyKeyPath
    /// The element's id in that collection; ``presentChild`` for an optional child a scope went
    /// through on its way to an element below it.
    package let id: AnyHashable

    package init(collection: AnyKeyPath, id: AnyHashable) {
        self.collection = collection
        self.id = id
    }

    /// The id a scope gives an optional child (or a case of an optional enum) it went through:
    /// whatever is there now, as every placement at that optional reads it.
    package static var presentChild: AnyHashable { AnyHashable(PresentChild()) }

    package var description: String {
        "\(collection)[id: \(id.base)]"
    }
}

/// What ``ElementStep/presentChild`` holds.
private struct PresentChild: Hashable {}

/// One level of a placement at elements: the collection (or optional child, or case of an
/// optional enum) it reaches its elements in, from the level above.
package struct ElementLevel: Hashable, @unchecked Sendable {
    /// The collection, a key path from the root state for the first level, from the element above
    /// for the others.
    package let collection: AnyKeyPath
    /// The id of the one element of an optional child (or of one case of an optional enum): every
    /// action that reaches the level above reaches it, without an address; unique to the placement;
    /// nil for a collection, whose elements are reached by address only.
    package let onlyID: AnyHashable?
    /// Tells apart placements at one collection's elements that reach different elements (one
    /// case of the elements' enum each); nil for a placement at every element.
    package let kind: AnyObject?

    package init(collection: AnyKeyPath, onlyID: AnyHashable?, kind: AnyObject?) {
        self.collection = collection
        self.onlyID = onlyID
        self.kind = kind
    }

    package static func == (lhs: ElementLevel, rhs: ElementLevel) -> Bool {
        lhs.collection == rhs.collection && lhs.onlyID == rhs.onlyID && lhs.kind === rhs.kind
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(collection)
        hasher.combine(onlyID)
        hasher.combine(kind.map(ObjectIdentifier.init))
    }

    /// The element this level reaches at the start of `address`, and the address below it.
    ///
    /// An optional child is reached by its own step, or without one by an action sent from the
    /// level above it (the address ends there), never by one sent from an element beside it.
    /// With `exact` (the address of work, which names every level), its step must carry its own id.
    @inline(__always)
    package func match(
        _ address: ArraySlice<ElementStep>, exact: Bool
    ) -> (id: AnyHashable, rest: ArraySlice<ElementStep>)? {
        if let first = address.first {
            guard first.collection == collection else { return nil }
            guard let onlyID else { return (first.id, address.dropFirst()) }
            guard first.id == onlyID || (!exact && first.id == ElementStep.presentChild) else { return nil }
            return (onlyID, address.dropFirst())
        }
        guard !exact, let onlyID else { return nil }
        return (onlyID, address)
    }
}

/// How a collection's elements are reached from a state, for one level: made where both types are
/// known (a feature placed at each element), composed into an ``ElementAccess``.
package struct ElementLens<Outer, Element>: @unchecked Sendable {
    /// The level: the collection and, for an optional child, its id.
    package let level: ElementLevel
    /// The element with that id, if it is there.
    package let element: @Sendable (_ outer: Outer, _ id: AnyHashable) -> Element?
    /// Runs `body` on the element with that id in place; nothing when it is not there.
    package let modify: (_ outer: inout Outer, _ id: AnyHashable, _ body: (inout Element) -> Void) -> Void
    /// Removes the element with that id (a dismissal): pops a stack from it, removes a row, sets an
    /// optional child to nil.
    package let remove: (_ outer: inout Outer, _ id: AnyHashable) -> Void
    /// The ids of the elements there may be, in order (an optional child's one id whether or not it
    /// is there): what a pass over every element visits.
    package let ids: (_ outer: Outer) -> [AnyHashable]
    /// Brings every element's copy of a shared value up to date from the value's home, after an
    /// action; returns whether it changed any. Nil for a lens that shares nothing.
    package let settle: ((_ outer: inout Outer, _ memo: SettleMemo) -> Bool)?
    /// The revision of the collection's content (a stamp held by equal contents only), for a
    /// pass over every element that may be skipped when it did not change; nil when unknown.
    package let stamp: ((_ outer: Outer) -> AnyObject?)?

    package init(
        level: ElementLevel, ids: @escaping (Outer) -> [AnyHashable],
        element: @escaping @Sendable (Outer, AnyHashable) -> Element?,
        modify: @escaping (inout Outer, AnyHashable, (inout Element) -> Void) -> Void,
        remove: @escaping (inout Outer, AnyHashable) -> Void, settle: ((inout Outer, SettleMemo) -> Bool)? = nil,
        stamp: ((Outer) -> AnyObject?)? = nil
    ) {
        self.level = level
        self.ids = ids
        self.element = element
        self.modify = modify
        self.remove = remove
        self.settle = settle
        self.stamp = stamp
    }
}

/// How the store reaches the elements a feature is placed at, without knowing their types: made
/// where the types are known, used by the reducers' layer to reduce an element and by the store to
/// notice that one left. One level for a feature at each element of a collection of the root
/// state (or at an optional child); more for a feature placed inside each element of one.
package struct ElementAccess<Root>: @unchecked Sendable {
    /// The levels, outermost first.
    package let levels: [ElementLevel]
    /// The key path, from the innermost element, of the part the feature is placed at; nil for the
    /// element itself.
    package let part: AnyKeyPath?
    /// Asks a reduction whether it reduces the elements (``ElementReduction/reduces(_:)``).
    package let asks: (_ reduction: any ElementReduction) -> Bool
    /// Brings the elements' copies of shared values up to date from their homes, after each
    /// action (``ElementLens/settle``); nil when the placement shares nothing. A placement that
    /// shares has a place of its own, never merged with another feature's at the same elements.
    package let settle: ((_ root: inout Root, _ memo: SettleMemo) -> Bool)?
    /// ``contains(_:_:)``, given the outermost level, `levels[0]` (which ``placed(at:)`` renames).
    private let containsAt: @Sendable (_ root: Root, _ level: ElementLevel, _ address: ArraySlice<ElementStep>) -> Bool
    /// ``reduce(_:_:_:)``, given the outermost level.
    private let reduceAt:
        (
            _ root: inout Root, _ level: ElementLevel, _ address: ArraySlice<ElementStep>,
            _ reduction: any ElementReduction
        ) -> Void
    /// ``remove(_:_:)``, given the outermost level.
    private let removeAt: (_ root: inout Root, _ level: ElementLevel, _ address: ArraySlice<ElementStep>) -> Void

    /// Whether the element the address of work names (every level's step) is there.
    @inline(__always)
    package func contains(_ root: Root, _ address: ArraySlice<ElementStep>) -> Bool {
        containsAt(root, levels[0], address)
    }

    /// Runs a reduction on the element an action's address reaches, in place; nothing when it
    /// reaches none.
    @inline(__always)
    package func reduce(_ root: inout Root, _ address: ArraySlice<ElementStep>, _ reduction: any ElementReduction) {
        reduceAt(&root, levels[0], address, reduction)
    }

    /// Removes the element the address of work names (a dismissal).
    @inline(__always)
    package func remove(_ root: inout Root, _ address: ArraySlice<ElementStep>) {
        removeAt(&root, levels[0], address)
    }

    /// A feature placed at each element `lens` reaches, on the element itself.
    package init<Element>(_ lens: ElementLens<Root, Element>, asks: @escaping (any ElementReduction) -> Bool) {
        self.init(lens, part: nil, asks: asks) { element, reduction in reduction.reduce(&element) }
    }

    /// A feature placed at a part of each element `lens` reaches.
    package init<Element, Part>(
        _ lens: ElementLens<Root, Element>, part: any WritableKeyPath<Element, Part> & Sendable
    ) {
        self.init(lens, part: part, asks: { $0.reduces(Part.self) }) { element, reduction in
            reduction.reduce(&element[keyPath: part])
        }
    }

    /// A feature at one level: `reduceElement` runs a reduction on what it is placed at in an
    /// element.
    private init<Element>(
        _ lens: ElementLens<Root, Element>, part: AnyKeyPath?, asks: @escaping (any ElementReduction) -> Bool,
        reduceElement: @escaping (inout Element, any ElementReduction) -> Void
    ) {
        levels = [lens.level]
        self.part = part
        self.asks = asks
        containsAt = { root, level, address in
            guard let (id, rest) = level.match(address, exact: true), rest.isEmpty else { return false }
            return lens.element(root, id) != nil
        }
        reduceAt = { root, level, address, reduction in
            guard let (id, _) = level.match(address, exact: false) else { return }
            lens.modify(&root, id) { reduceElement(&$0, reduction) }
        }
        removeAt = { root, level, address in
            guard let (id, _) = level.match(address, exact: true) else { return }
            lens.remove(&root, id)
        }
        settle = lens.settle
    }

    /// A feature placed at the elements `inner` reaches inside each element `lens` reaches: a
    /// screen's sheet, at every screen of a stack.
    package init<Element>(_ lens: ElementLens<Root, Element>, inner: ElementAccess<Element>) {
        levels = [lens.level] + inner.levels
        part = inner.part
        asks = inner.asks
        containsAt = { root, level, address in
            guard let (id, rest) = level.match(address, exact: true), let element = lens.element(root, id) else {
                return false
            }
            return inner.contains(element, rest)
        }
        reduceAt = { root, level, address, reduction in
            guard let (id, rest) = level.match(address, exact: false) else { return }
            lens.modify(&root, id) { inner.reduce(&$0, rest, reduction) }
        }
        removeAt = { root, level, address in
            guard let (id, rest) = level.match(address, exact: true) else { return }
            lens.modify(&root, id) { inner.remove(&$0, rest) }
        }
        // A value this level's elements share (a screen's features placed sharing its field with
        // a home) is brought up to date by the level's lens, before what the elements share inside.
        let own = lens.settle
        // Each element settles its own shared values; an element is written only when that changed
        // something, so an element with nothing to bring up to date is not touched. Nothing is
        // looked at when the collection is as the last pass left it.
        let inside: ((inout Root, SettleMemo) -> Bool)? = inner.settle.map { settleElement in
            { root, memo in
                let before = lens.stamp?(root)
                if let before, memo.stamps.count == 1, memo.stamps[0] === before { return false }
                var changed = false
                for id in lens.ids(root) {
                    guard var element = lens.element(root, id), settleElement(&element, SettleMemo()) else { continue }
                    lens.modify(&root, id) { $0 = element }
                    changed = true
                }
                memo.stamps = lens.stamp?(root).map { [$0] } ?? []
                return changed
            }
        }
        switch (own, inside) {
        case (let own?, let inside?):
            settle = { root, memo in
                let changed = own(&root, memo)
                return inside(&root, memo.inner) || changed
            }
        default:
            settle = own ?? inside
        }
    }

    /// The same access from a larger state whose part at `keyPath` is this access's root: a
    /// child's sheet, placed with the child at a fixed part of the app's state. The outermost
    /// level's collection is named from the larger state, as a scope of its store names it, and
    /// the address an action carries is matched against that name.
    ///
    /// - Parameter keyPath: Where this access's root lives in the larger state.
    /// - Returns: The access from the larger state.
    package func placed<Outer>(at keyPath: any WritableKeyPath<Outer, Root> & Sendable) -> ElementAccess<Outer> {
        ElementAccess<Outer>(self, at: keyPath)
    }

    /// See ``placed(at:)``.
    private init<Inner>(_ inner: ElementAccess<Inner>, at keyPath: any WritableKeyPath<Root, Inner> & Sendable) {
        let first = inner.levels[0]
        // A key path continued by another always composes; the fallback keeps the inner name.
        let collection = (keyPath as AnyKeyPath).appending(path: first.collection) ?? first.collection
        levels =
            [ElementLevel(collection: collection, onlyID: first.onlyID, kind: first.kind)]
            + inner.levels.dropFirst()
        part = inner.part
        asks = inner.asks
        containsAt = { root, level, address in inner.containsAt(root[keyPath: keyPath], level, address) }
        reduceAt = { root, level, address, reduction in
            inner.reduceAt(&root[keyPath: keyPath], level, address, reduction)
        }
        removeAt = { root, level, address in inner.removeAt(&root[keyPath: keyPath], level, address) }
        settle = inner.settle.map { settle in { root, memo in settle(&root[keyPath: keyPath], memo) } }
    }
}

extension ElementAccess {
    /// The address of work an action addressed to `address` starts at this placement: a step per
    /// level, each with the id it reaches (an optional child's own); nil when the action reaches
    /// no element here.
    package func workAddress(for address: [ElementStep]) -> [ElementStep]? {
        var rest = address[...]
        var steps: [ElementStep] = []
        steps.reserveCapacity(levels.count)
        for level in levels {
            guard let (id, below) = level.match(rest, exact: false) else { return nil }
            steps.append(ElementStep(collection: level.collection, id: id))
            rest = below
        }
        return steps
    }

    /// Whether `address` is the whole address of work at this placement: one step per level,
    /// each with its level's id. Only such an address dismisses an element here.
    package func isWorkAddress(_ address: [ElementStep]) -> Bool {
        guard address.count == levels.count else { return false }
        var rest = address[...]
        for level in levels {
            guard let (_, below) = level.match(rest, exact: true) else { return false }
            rest = below
        }
        return true
    }
}

/// What a placement that shares values remembers between two passes in one store: the revisions
/// of the collections (and the home value) it last brought up to date, so that an action that
/// changed none of them costs no pass over the elements.
///
/// - Note: `@unchecked Sendable`: used only by the thread applying the store's action, holding
///   the store's lock.
package final class SettleMemo: @unchecked Sendable {
    /// The revision stamps seen by the last pass.
    package var stamps: [AnyObject] = []
    /// The home's value seen by the last pass, for a home with no revision (one value).
    package var value: Any?
    /// The memo of a second pass of the same placement in the same store: what its elements
    /// share inside, when the level shares a value too.
    package lazy var inner = SettleMemo()

    package init() {}
}

/// A reduction of one element, whose type only the collection knows.
package protocol ElementReduction {
    /// Reduces the element in place.
    func reduce<Element>(_ element: inout Element)

    /// Whether any reducer would run on an element of that type: asked without an element, so
    /// that an action no element's reducer handles skips the collection.
    func reduces<Element>(_ type: Element.Type) -> Bool
}
