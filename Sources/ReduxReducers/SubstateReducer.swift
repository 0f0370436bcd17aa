internal import ReduxCore
package import ReduxShared

/// A sub-state as a store's app reducer reduces it, given the address of the root: its slot, and
/// how to reach it.
///
/// Not generic, so that the app reducer keeps these in a plain array: iterating an array of a
/// generic type in unspecialised code costs a runtime metadata look-up per action.
struct SubstateReducer: Sendable {
    /// Where the sub-state's registrations are filed: its type (for ``reduceSubstates(_:)``) or a
    /// feature's place in the root state. With the action's type, the key of its route.
    let slot: ObjectIdentifier
    /// Where the sub-state starts inside the root, when it is a stored property (0 for the root
    /// itself); nil when only `reduce` can reach it.
    let offset: Int?
    /// Reduces the sub-state through any provider.
    let reduce:
        @Sendable (_ provider: any ReducerProvider, _ action: any Action, _ root: UnsafeMutableRawPointer) -> Void
    /// For a sub-state without an offset reached only by some actions (the elements of a
    /// collection): whether any of its reducers handles the action, so that a store's memo can skip
    /// it for the others. Nil for a sub-state that may run for any action.
    let reducesAction: (@Sendable (_ context: ReductionContext, _ action: any Action) -> Bool)?

    /// The sub-state a key path leads to, its registrations filed under `slot`.
    init<Root, Value>(_ keyPath: any WritableKeyPath<Root, Value> & Sendable, slot: ObjectIdentifier) {
        self.slot = slot
        if let offset = MemoryLayout<Root>.offset(of: keyPath) {
            // A stored property of a struct: address it directly. Applying the key path goes
            // through the runtime (`swift_modifyAtWritableKeyPath`) per sub-state and action.
            self.offset = offset
            reducesAction = nil
            // Sound: a `Value` lives `offset` bytes into the root (`MemoryLayout.offset(of:)`).
            reduce = { provider, action, root in
                reduceSlot(provider, action, &(root + offset).assumingMemoryBound(to: Value.self).pointee, slot)
            }
        } else {
            offset = nil
            reducesAction = nil
            reduce = { provider, action, root in
                reduceSlot(
                    provider, action, &root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath], slot)
            }
        }
    }

    /// The reducer of a feature placed at each element of a collection, or at an optional child:
    /// it reduces the element the action is addressed to (``ReductionSink/address``), nothing for
    /// an action addressed to no element of that collection, and an optional child for every
    /// action while it is there. A ``Dismissal`` addressed to the element removes it.
    init<Root>(elements access: ElementAccess<Root>, slot: ObjectIdentifier) {
        self.slot = slot
        offset = nil
        reducesAction = { context, action in
            action is Dismissal || access.asks(SlotReduction(context: context, action: action, slot: slot))
        }
        reduce = { provider, action, root in
            guard let context = provider as? ReductionContext else { return }
            let address = context.sink.address
            let root = root.assumingMemoryBound(to: Root.self)
            if action is Dismissal {
                // Only the element the dismissing work belongs to: its whole address, never a guess.
                guard access.isWorkAddress(address) else { return }
                access.remove(&root.pointee, address[...])
                context.noteHandled()
                return
            }
            access.reduce(&root.pointee, address[...], SlotReduction(context: context, action: action, slot: slot))
        }
    }

    /// The root itself, its registrations filed under its type.
    static func root<Root>(_: Root.Type) -> SubstateReducer {
        SubstateReducer(\Root.self, slot: ObjectIdentifier(Root.self))
    }
}

/// A store's list of sub-states to reduce, the root last. A class, so that its identity keys the
/// store's memo of routes per action: a new list (a feature placed) is a new key.
package final class SubstateList: Sendable {
    let substates: [SubstateReducer]

    init(_ substates: [SubstateReducer]) {
        self.substates = substates
    }
}

/// Reduces a value with the registrations of a slot: through any provider when the slot is the
/// value's type, through the store's context when it is a feature's place.
private func reduceSlot<Value>(
    _ provider: any ReducerProvider, _ action: any Action, _ value: inout Value, _ slot: ObjectIdentifier
) {
    if slot == ObjectIdentifier(Value.self) {
        provider.reduce(action, &value)
    } else if let context = provider as? ReductionContext {
        context.reduce(action, &value, slot: slot)
    }
}

/// The sub-states a store built from features reduces, in the order the features were placed;
/// the root comes last.
///
/// - Note: `@unchecked Sendable`: only used by `Store.add(_:)`, under the store's lock; the store
///   reduces an immutable ``SubstateList`` taken from it.
package final class FeatureLocations<Root>: @unchecked Sendable {
    /// Where each placed key path's registrations are filed, and how to reach its sub-state.
    fileprivate var placed: [Placement] = []
    /// `placed`'s sub-states, then the root: what the store reduces.
    package private(set) var list = SubstateList([.root(Root.self)])

    package init() {}

    /// The slot of a key path, placing it (after the others, before the root) the first time;
    /// with `elements`, the slot of a feature placed at each element of the collection there (or
    /// at the optional child, or at one case of an optional enum, there).
    ///
    /// Call under the store's lock.
    ///
    /// - Returns: The root's slot for `\Root.self`, else the key path's own.
    package func slot<Value>(
        for keyPath: any WritableKeyPath<Root, Value> & Sendable, elements: ElementAccess<Root>? = nil
    ) -> ObjectIdentifier {
        if elements == nil, keyPath == \Root.self {
            return ObjectIdentifier(Root.self)
        }
        if let existing = placed.first(where: { $0.isPlacement(at: keyPath, elements: elements) }) {
            return existing.substate.slot
        }
        let token = SlotToken()
        let substate =
            elements.map { SubstateReducer(elements: $0, slot: ObjectIdentifier(token)) }
            ?? SubstateReducer(keyPath, slot: ObjectIdentifier(token))
        placed.append(Placement(keyPath: keyPath, substate: substate, token: token, elements: elements))
        list = SubstateList(placed.map(\.substate) + [.root(Root.self)])
        return substate.slot
    }

    /// A placed key path: how to reach its sub-state, and the token whose address is its slot.
    fileprivate struct Placement {
        let keyPath: AnyKeyPath
        let substate: SubstateReducer
        let token: SlotToken
        /// How its elements are reached, for a feature placed at each element; nil for a part.
        let elements: ElementAccess<Root>?

        /// Whether this is the placement at `keyPath` of that kind: a part, or the elements (the
        /// child, the case) that `elements` reaches. A placement that shares a value is one of its
        /// own: its elements are reached through its lens, which writes the value home.
        func isPlacement(at keyPath: AnyKeyPath, elements other: ElementAccess<Root>?) -> Bool {
            guard self.keyPath == keyPath else { return false }
            switch (elements, other) {
            case (nil, nil): return true
            case (let mine?, let other?):
                return mine.levels == other.levels && mine.part == other.part && mine.settle == nil
                    && other.settle == nil
            default: return false
            }
        }
    }
}

extension FeatureLocations {
    /// The key paths placed so far, in order, each with its slot and whether a feature is placed
    /// at each element of the collection there (the root's own slot is not among them). Call under
    /// the store's lock.
    package var places: [(keyPath: AnyKeyPath, slot: ObjectIdentifier, atElements: Bool)] {
        placed.map { ($0.keyPath, $0.substate.slot, $0.elements != nil) }
    }
}

/// A placed key path's identity: its address names the slot while the locations hold it.
private final class SlotToken: Sendable {}

/// Runs the reducers of a slot on an element.
private struct SlotReduction: ElementReduction {
    let context: ReductionContext
    let action: any Action
    let slot: ObjectIdentifier

    func reduce<Element>(_ element: inout Element) {
        context.reduce(action, &element, slot: slot)
    }

    func reduces<Element>(_: Element.Type) -> Bool {
        context.hasSteps(for: action, Element.self, slot: slot)
    }
}
