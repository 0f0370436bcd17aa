public import ReduxCore
public import ReduxFeatures
internal import ReduxShared
public import ReduxStore

extension LogicFeature {
    /// Places the feature at each element of a collection in the root state: a screen's feature
    /// at each screen of a stack, a row's at each row of a list.
    ///
    /// The feature is written for one element's state, and its reducers see that element only;
    /// its module never names the parent's state. An action is addressed to an element by the
    /// scope that sent it (`store.scope(each: \.path)`), by the test that sent it
    /// (`store.send(.start, to: \.path, id: 0)`), or by an explicit
    /// `store.dispatch(_:to:id:)`, never by an id in the action: the
    /// feature reduces that element, and the effects it starts send their changes and follow-up
    /// actions back to it. When the element leaves the collection, whoever removed it, its
    /// effects are cancelled. The parent's features see the element's actions as they see any
    /// action (delegate actions).
    ///
    /// ```swift
    /// static var features: [PlacedFeature<ContactsState>] {
    ///     [ContactListFeature().at(\.list), ContactDetailFeature().forEach(\.list.path)]
    /// }
    /// ```
    ///
    /// The same feature value is what its own tests run, with the element's state as the root:
    /// `TestStore(initialState: ContactDetail(…), features: [ContactDetailFeature().at(\.self)])`.
    ///
    /// - Parameter keyPath: The collection, a key path from the root state.
    /// - Returns: The placed feature.
    /// - Complexity: An action addressed to an element finds it by id (O(1) for a `StackState` or
    ///   an `IdentifiedArray`); an action addressed to none costs a check of its address.
    public func forEach<Root: State, Elements: IdentifiedCollection & Sendable>(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable
    ) -> PlacedFeature<Root> {
        PlacedFeature(
            self, at: keyPath, reading: [], placing: Elements.Element.self,
            elements: ElementAccess(eachLens(keyPath)) { $0.reduces(Elements.Element.self) })
    }

    /// Places the feature at each element of a collection that is one case of the elements' enum:
    /// a kind of screen of a stack whose screens are of several kinds.
    ///
    /// ```swift
    /// enum Screen: Equatable, Sendable {
    ///     case detail(Detail)
    ///     case meeting(Meeting)
    /// }
    ///
    /// [AppFeature().at(\.self), DetailFeature().forEach(\.path, case: Screen.detail),
    ///  MeetingFeature().forEach(\.path, case: Screen.meeting)]
    /// ```
    ///
    /// As with ``forEach(_:)``, the feature is written for the case's value, an action is
    /// addressed to an element by the scope or test that sent it, and the effects the element's
    /// features start go back to it and end when it leaves. An element of another case is not
    /// reduced by this feature; its changes are written back into the case. The case is
    /// recognised by reflection, exactly (another case, even with a value of the same type,
    /// never is).
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the root state.
    ///   - embed: The case's constructor: `Screen.detail`.
    /// - Returns: The placed feature.
    public func forEach<Root: State, Elements: IdentifiedCollection & Sendable, Child>(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable,
        case embed: @escaping @Sendable (Child) -> Elements.Element
    ) -> PlacedFeature<Root> {
        PlacedFeature(
            self, at: keyPath, reading: [], placing: Child.self,
            elements: ElementAccess(caseLens(keyPath, embed)) { $0.reduces(Child.self) })
    }

    /// Places the feature at an optional child of the root state: a sheet's form, a popover, a
    /// pushed detail held as an optional.
    ///
    /// The feature is written for the child's state, and its reducers see the child only, for
    /// every action sent while the child is there from the state it is part of or from the child
    /// (no address needed: there is one child), never for one sent from an element beside it (a
    /// screen of a stack). Its
    /// effects end when the child becomes nil, whoever set it so; the child dismisses itself with
    /// `.dismiss` (`Dismissal`). The parent's features see the child's actions.
    ///
    /// ```swift
    /// [ContactListFeature().at(\.list), ContactFormFeature().ifLet(\.list.addContact)]
    /// ```
    ///
    /// The same feature value is what its own tests run, with the child's state as the root
    /// (`ContactFormFeature().at(\.self)`).
    ///
    /// - Parameter keyPath: The optional child, a key path from the root state.
    /// - Returns: The placed feature.
    public func ifLet<Root: State, Child>(
        _ keyPath: any WritableKeyPath<Root, Child?> & Sendable
    ) -> PlacedFeature<Root> {
        PlacedFeature(
            self, at: keyPath, reading: [], placing: Child.self,
            elements: ElementAccess(childLens(keyPath)) { $0.reduces(Child.self) })
    }
}

extension LogicFeature {
    /// Places the feature at one case of an optional enum of destinations: what a screen presents,
    /// one at a time (an edit sheet, a confirmation, a pushed screen).
    ///
    /// ```swift
    /// enum Destination: Equatable, Sendable {
    ///     case edit(ContactForm)
    ///     case confirmDelete(Confirmation)
    /// }
    ///
    /// [DetailFeature().at(\.self), ContactFormFeature().ifLet(\.destination, case: Destination.edit)]
    /// ```
    ///
    /// The feature is written for the case's value and sees nothing else. While the destination
    /// is that case, every action sent from the state it is part of or from the case reaches its
    /// reducers (one sent from an element beside it does not), and their changes are written back into
    /// the case; while it is another case or nil, they do not run. Its effects end when the
    /// destination leaves the case, whoever changed it; `.dismiss` sets the destination to nil.
    /// The case is recognised by reflection, exactly (another case, even with a value of the same
    /// type, never is).
    ///
    /// - Parameters:
    ///   - keyPath: The optional enum, a key path from the root state.
    ///   - embed: The case's constructor: `Destination.edit`.
    /// - Returns: The placed feature.
    public func ifLet<Root: State, Destination, Child>(
        _ keyPath: any WritableKeyPath<Root, Destination?> & Sendable,
        case embed: @escaping @Sendable (Child) -> Destination
    ) -> PlacedFeature<Root> {
        PlacedFeature(
            self, at: keyPath, reading: [], placing: Child.self,
            elements: ElementAccess(destinationLens(keyPath, embed)) { $0.reduces(Child.self) })
    }
}

extension Store {
    /// Dispatches an action to one element of a collection, as the element's own scope does: the
    /// features placed at each element of that collection (`LogicFeature.forEach(_:)`)
    /// reduce that element, every other feature sees the action as it sees any action, and the
    /// effects the element's features start send their changes and follow-up actions to it.
    ///
    /// ```swift
    /// store.dispatch(ContactDetailAction.loadNotes, to: \.list.path, id: screen)
    /// ```
    ///
    /// An action dispatched to an element that is not there reduces no element.
    ///
    /// - Parameters:
    ///   - action: The action, which names no element.
    ///   - collection: The collection, a key path from the root state.
    ///   - id: The element's id in the collection.
    ///   - fileID: Where the action was sent from; leave the default.
    ///   - line: Where the action was sent from; leave the default.
    public func dispatch<Elements: IdentifiedCollection & Sendable>(
        _ action: any Action, to collection: any WritableKeyPath<Root, Elements> & Sendable, id: Elements.ID,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        scopingSeam.dispatch(
            action, address: [ElementStep(collection: collection, id: AnyHashable(id))], sentFrom: fileID, line: line,
            onSettled: nil)
    }

    /// Dispatches an action to one element, as ``dispatch(_:to:id:fileID:line:)`` does, and
    /// returns when it and everything it caused have landed.
    ///
    /// - Parameters:
    ///   - action: The action, which names no element.
    ///   - collection: The collection, a key path from the root state.
    ///   - id: The element's id in the collection.
    ///   - fileID: Where the action was sent from; leave the default.
    ///   - line: Where the action was sent from; leave the default.
    public func dispatchAndWait<Elements: IdentifiedCollection & Sendable>(
        _ action: any Action, to collection: any WritableKeyPath<Root, Elements> & Sendable, id: Elements.ID,
        fileID: StaticString = #fileID, line: UInt = #line
    ) async {
        let address = [ElementStep(collection: collection, id: AnyHashable(id))]
        await withCheckedContinuation { (settled: CheckedContinuation<Void, Never>) in
            scopingSeam.dispatch(
                action, address: address, sentFrom: fileID, line: line, onSettled: { settled.resume() })
        }
    }
}

/// The elements of a collection, by id.
func eachLens<Outer, Elements: IdentifiedCollection & Sendable>(
    _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable
) -> ElementLens<Outer, Elements.Element> {
    ElementLens(
        level: ElementLevel(collection: keyPath, onlyID: nil, kind: nil),
        ids: { outer in outer[keyPath: keyPath].ids.map { AnyHashable($0) } },
        element: { outer, id in
            guard let id = id.base as? Elements.ID else { return nil }
            return outer[keyPath: keyPath][id: id]
        },
        modify: { outer, id, body in
            guard let id = id.base as? Elements.ID else { return }
            outer[keyPath: keyPath].modify(id: id, body)
        },
        remove: { outer, id in
            guard let id = id.base as? Elements.ID else { return }
            outer[keyPath: keyPath].dismiss(id: id)
        }, stamp: collectionStamp(keyPath))
}

/// The revision stamp of a collection in a state, when its type keeps one.
private func collectionStamp<Outer, Elements: IdentifiedCollection & Sendable>(
    _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable
) -> ((Outer) -> AnyObject?)? {
    CollectionReader(Elements.self).revision.map { revision in { outer in revision(outer[keyPath: keyPath]).current } }
}

/// The elements of a collection that are one case of the elements' enum, by id: the case's values.
func caseLens<Outer, Elements: IdentifiedCollection & Sendable, Child>(
    _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable, _ embed: @escaping @Sendable (Child) -> Elements.Element
) -> ElementLens<Outer, Child> {
    let extract: @Sendable (Elements.Element) -> Child? = { CaseMatch.payload(of: $0, in: embed) }
    return ElementLens(
        level: ElementLevel(collection: keyPath, onlyID: nil, kind: CaseID()),
        ids: { outer in outer[keyPath: keyPath].ids.map { AnyHashable($0) } },
        element: { outer, id in
            guard let id = id.base as? Elements.ID else { return nil }
            return outer[keyPath: keyPath][id: id].flatMap(extract)
        },
        modify: { outer, id, body in
            guard let id = id.base as? Elements.ID else { return }
            outer[keyPath: keyPath].modify(id: id) { element in
                guard var child = extract(element) else { return }
                body(&child)
                element = embed(child)
            }
        },
        remove: { outer, id in
            guard let id = id.base as? Elements.ID else { return }
            outer[keyPath: keyPath].dismiss(id: id)
        }, stamp: collectionStamp(keyPath))
}

/// An optional child, the one element of its place.
func childLens<Outer, Child>(
    _ keyPath: any WritableKeyPath<Outer, Child?> & Sendable
) -> ElementLens<Outer, Child> {
    let only = AnyHashable(OnlyChild())
    return ElementLens(
        level: ElementLevel(collection: keyPath, onlyID: only, kind: nil), ids: { _ in [only] },
        element: { outer, _ in outer[keyPath: keyPath] },
        modify: { outer, _, body in outer[keyPath: keyPath].modifyIfPresent(body) },
        remove: { outer, _ in outer[keyPath: keyPath] = nil })
}

/// One case of an optional enum of destinations, the one element of its place while it is that
/// case.
func destinationLens<Outer, Destination, Child>(
    _ keyPath: any WritableKeyPath<Outer, Destination?> & Sendable, _ embed: @escaping @Sendable (Child) -> Destination
) -> ElementLens<Outer, Child> {
    let extract: @Sendable (Destination?) -> Child? = { value in
        value.flatMap { CaseMatch.payload(of: $0, in: embed) }
    }
    let only = AnyHashable(CaseID())
    return ElementLens(
        level: ElementLevel(collection: keyPath, onlyID: only, kind: nil), ids: { _ in [only] },
        element: { outer, _ in extract(outer[keyPath: keyPath]) },
        modify: { outer, _, body in
            guard var child = extract(outer[keyPath: keyPath]) else { return }
            body(&child)
            outer[keyPath: keyPath] = embed(child)
        },
        remove: { outer, _ in outer[keyPath: keyPath] = nil })
}

/// The id of an optional child, the one element of its place.
private struct OnlyChild: Hashable, Sendable {}

/// The id of one case of an optional enum, or the kind of a placement at one case of a
/// collection's elements: unique to its placement, so that the features placed at the cases of
/// one enum are told apart.
private final class CaseID: Hashable, Sendable {
    static func == (lhs: CaseID, rhs: CaseID) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension IdentifiedCollection {
    /// Removes an element as a dismissal does: a stack pops from it (it and the screens above it
    /// go), any other collection loses that element.
    fileprivate mutating func dismiss(id: ID) {
        if var stack = self as? StackState<Element>, let screen = id as? StackElementID {
            stack.pop(from: screen)
            // Sound: `self` is that stack.
            self = stack as! Self
        } else {
            self[id: id] = nil
        }
    }
}
