public import ReduxCore
public import ReduxFeatures
internal import ReduxShared

// One value shown and edited by two screens: a feature placed at elements whose field is the
// value that lives elsewhere in the root state (its home), kept equal to it.

extension LogicFeature {
    /// Places the feature at each element of a collection, as ``forEach(_:)`` does, with one field
    /// of every element shared with its home: the element of `home` with the same id.
    ///
    /// A contact's screen edits the contact, and the list shows the edit at once, with no reducer
    /// that copies it back:
    ///
    /// ```swift
    /// ContactDetailFeature().forEach(\.list.path, sharing: \.contact, with: \.list.contacts)
    /// ```
    ///
    /// The copy in the element and the home are one value. A change this feature makes to its
    /// element's copy (a reducer, an effect's update, a binding write) is written home in the same
    /// action; after every action, each element's copy is brought up to date from its home (a
    /// parent's reducer renamed the contact, a reload replaced the list). The home is where the
    /// value lives: any other reducer writes the home, and a change it makes to an element's copy
    /// is replaced by the home's value when the action ends. A copy whose home element is gone (the
    /// contact was deleted) keeps its last value, and its changes go nowhere.
    ///
    /// The placement is a place of its own: another feature placed at the same elements reduces
    /// them, but its changes to the copy are not written home.
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the root state.
    ///   - field: The shared field, a key path from the element.
    ///   - home: The collection where the value lives, a key path from the root state.
    /// - Returns: The placed feature.
    /// - Complexity: After an action that touched neither the collection nor the home, nothing
    ///   (their revisions are kept per store); after one that wrote one element of each, the
    ///   copies are read once each and the element written and the home element's copies
    ///   compared; after any other, one `==` per element. A change the feature makes costs one
    ///   `==` more.
    public func forEach<
        Root: State, Elements: IdentifiedCollection & Sendable, Home: IdentifiedCollection & Sendable
    >(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable,
        sharing field: any WritableKeyPath<Elements.Element, Home.Element> & Sendable,
        with home: any WritableKeyPath<Root, Home> & Sendable
    ) -> PlacedFeature<Root> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        placed(at: keyPath, eachLens(keyPath, sharing: field, with: SharedHome.element(of: home)))
    }

    /// Places the feature at each element of a collection that is one case of the elements' enum,
    /// as ``forEach(_:case:)`` does, with one field of the case's value shared with its home: the
    /// element of `home` with the same id. A kind of screen of a stack of several kinds edits the
    /// list's value:
    ///
    /// ```swift
    /// SyncUpDetailFeature().forEach(\.path, case: Screen.detail, sharing: \.syncUp, with: \.syncUps)
    /// ```
    ///
    /// The rules are those of a value shared with a collection's element: a change this feature
    /// makes to its copy is written home in the same action, every copy (in elements of this case)
    /// is brought up to date from the home after each action, and any other reducer writes the home.
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the root state.
    ///   - embed: The case's constructor: `Screen.detail`.
    ///   - field: The shared field, a key path from the case's value.
    ///   - home: The collection where the value lives, a key path from the root state.
    /// - Returns: The placed feature.
    /// - Complexity: After an action that changed the collection or the home, the case of the
    ///   elements compared is recognised by reflection.
    public func forEach<
        Root: State, Elements: IdentifiedCollection & Sendable, Child, Home: IdentifiedCollection & Sendable
    >(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable,
        case embed: @escaping @Sendable (Child) -> Elements.Element,
        sharing field: any WritableKeyPath<Child, Home.Element> & Sendable,
        with home: any WritableKeyPath<Root, Home> & Sendable
    ) -> PlacedFeature<Root> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        placed(at: keyPath, caseLens(keyPath, embed, sharing: field, with: home))
    }

    /// Places the feature at each element of a collection, as ``forEach(_:)`` does, with one field
    /// of every element shared with one value of the root state: a setting every screen shows and
    /// any screen changes.
    ///
    /// ```swift
    /// ScreenFeature().forEach(\.path, sharing: \.units, with: \.settings.units)
    /// ```
    ///
    /// The rules are those of a value shared with a collection's element: a change this feature
    /// makes to an element's copy is written home in the same action, every copy is brought up to
    /// date from the home after each action, and any other reducer writes the home.
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the root state.
    ///   - field: The shared field, a key path from the element.
    ///   - home: Where the value lives, a key path from the root state.
    /// - Returns: The placed feature.
    /// - Complexity: As for a value shared with a collection's element; a change of the home
    ///   compares every copy.
    public func forEach<Root: State, Elements: IdentifiedCollection & Sendable, Value: Equatable>(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable,
        sharing field: any WritableKeyPath<Elements.Element, Value> & Sendable,
        with home: any WritableKeyPath<Root, Value> & Sendable
    ) -> PlacedFeature<Root> {
        placed(at: keyPath, eachLens(keyPath, sharing: field, with: SharedHome.value(at: home)))
    }

    /// Places the feature at an optional child, as ``ifLet(_:)`` does, with one field of the child
    /// shared with its home: the element of `home` with the same id. A sheet that edits a contact
    /// edits the list's contact:
    ///
    /// ```swift
    /// EditorFeature().ifLet(\.editor, sharing: \.contact, with: \.contacts)
    /// ```
    ///
    /// The rules are those of a feature placed at each element with a shared field: a change this
    /// feature makes to the child's copy is written home in the same action, the copy is brought
    /// up to date from the home after each action, and any other reducer writes the home.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child, a key path from the root state.
    ///   - field: The shared field, a key path from the child.
    ///   - home: The collection where the value lives, a key path from the root state.
    /// - Returns: The placed feature.
    public func ifLet<Root: State, Child, Home: IdentifiedCollection & Sendable>(
        _ keyPath: any WritableKeyPath<Root, Child?> & Sendable,
        sharing field: any WritableKeyPath<Child, Home.Element> & Sendable,
        with home: any WritableKeyPath<Root, Home> & Sendable
    ) -> PlacedFeature<Root> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        placed(at: keyPath, childLens(keyPath, sharing: field, with: SharedHome.element(of: home)))
    }

    /// Places the feature at an optional child, as ``ifLet(_:)`` does, with one field of the child
    /// shared with one value of the root state: a settings sheet that edits the app's settings.
    ///
    /// ```swift
    /// SettingsFeature().ifLet(\.settingsSheet, sharing: \.settings, with: \.settings)
    /// ```
    ///
    /// The rules are those of a feature placed at each element with a shared field: a change this
    /// feature makes to the child's copy is written home in the same action, the copy is brought
    /// up to date from the home after each action, and any other reducer writes the home.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child, a key path from the root state.
    ///   - field: The shared field, a key path from the child.
    ///   - home: Where the value lives, a key path from the root state.
    /// - Returns: The placed feature.
    public func ifLet<Root: State, Child, Value: Equatable>(
        _ keyPath: any WritableKeyPath<Root, Child?> & Sendable,
        sharing field: any WritableKeyPath<Child, Value> & Sendable,
        with home: any WritableKeyPath<Root, Value> & Sendable
    ) -> PlacedFeature<Root> {
        placed(at: keyPath, childLens(keyPath, sharing: field, with: SharedHome.value(at: home)))
    }

    /// The feature placed at the elements a sharing lens reaches.
    private func placed<Root: State, Place, Element>(
        at keyPath: any WritableKeyPath<Root, Place> & Sendable, _ lens: ElementLens<Root, Element>
    ) -> PlacedFeature<Root> {
        PlacedFeature(
            self, at: keyPath, reading: [], placing: Element.self,
            elements: ElementAccess(lens) { $0.reduces(Element.self) })
    }
}

extension PlacedFeature {
    /// Places this feature, as it is placed in its own state, inside each element of a collection
    /// of a larger state, as ``forEach(_:)`` does, with one field of every element shared with its
    /// home, the element of `home` with the same id: a screen's list of features, every one of them
    /// seeing the list's value, as ``ReduxFeatures/LogicFeature/forEach(_:sharing:with:)`` places
    /// one feature.
    ///
    /// ```swift
    /// Detail.features.map { $0.forEach(\.path, sharing: \.contact, with: \.contacts) }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the larger state.
    ///   - field: The shared field, a key path from the element.
    ///   - home: The collection where the value lives, a key path from the larger state.
    /// - Returns: The placed feature.
    public func forEach<
        Outer: State, Elements: IdentifiedCollection & Sendable, Home: IdentifiedCollection & Sendable
    >(
        _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable,
        sharing field: any WritableKeyPath<Root, Home.Element> & Sendable,
        with home: any WritableKeyPath<Outer, Home> & Sendable
    ) -> PlacedFeature<Outer>
    where Elements.Element == Root, Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        nested(at: keyPath, eachLens(keyPath, sharing: field, with: SharedHome.element(of: home)))
    }

    /// Places this feature, as it is placed in its own state, inside each element of a collection
    /// that is one case of the elements' enum, with one field of the case's value shared with its
    /// home, the element of `home` with the same id: a kind of screen's list of features, as
    /// ``ReduxFeatures/LogicFeature/forEach(_:case:sharing:with:)`` places one feature.
    ///
    /// ```swift
    /// SyncUpDetail.features.map { $0.forEach(\.path, case: Path.detail, sharing: \.syncUp, with: \.syncUps) }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the larger state.
    ///   - embed: The case's constructor: `Path.detail`.
    ///   - field: The shared field, a key path from the case's value.
    ///   - home: The collection where the value lives, a key path from the larger state.
    /// - Returns: The placed feature.
    public func forEach<
        Outer: State, Elements: IdentifiedCollection & Sendable, Home: IdentifiedCollection & Sendable
    >(
        _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable,
        case embed: @escaping @Sendable (Root) -> Elements.Element,
        sharing field: any WritableKeyPath<Root, Home.Element> & Sendable,
        with home: any WritableKeyPath<Outer, Home> & Sendable
    ) -> PlacedFeature<Outer> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        nested(at: keyPath, caseLens(keyPath, embed, sharing: field, with: home))
    }

    /// Places this feature, as it is placed in its own state, inside each element of a collection,
    /// with one field of every element shared with one value of the larger state, as
    /// ``ReduxFeatures/LogicFeature/forEach(_:sharing:with:)`` places one feature.
    ///
    /// - Parameters:
    ///   - keyPath: The collection, a key path from the larger state.
    ///   - field: The shared field, a key path from the element.
    ///   - home: Where the value lives, a key path from the larger state.
    /// - Returns: The placed feature.
    public func forEach<Outer: State, Elements: IdentifiedCollection & Sendable, Value: Equatable>(
        _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable,
        sharing field: any WritableKeyPath<Root, Value> & Sendable,
        with home: any WritableKeyPath<Outer, Value> & Sendable
    ) -> PlacedFeature<Outer> where Elements.Element == Root {
        nested(at: keyPath, eachLens(keyPath, sharing: field, with: SharedHome.value(at: home)))
    }

    /// Places this feature, as it is placed in its own state, inside an optional child of a larger
    /// state, with one field of the child shared with its home, the element of `home` with the same
    /// id, as ``ReduxFeatures/LogicFeature/ifLet(_:sharing:with:)`` places one feature.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child, a key path from the larger state.
    ///   - field: The shared field, a key path from the child.
    ///   - home: The collection where the value lives, a key path from the larger state.
    /// - Returns: The placed feature.
    public func ifLet<Outer: State, Home: IdentifiedCollection & Sendable>(
        _ keyPath: any WritableKeyPath<Outer, Root?> & Sendable,
        sharing field: any WritableKeyPath<Root, Home.Element> & Sendable,
        with home: any WritableKeyPath<Outer, Home> & Sendable
    ) -> PlacedFeature<Outer> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        nested(at: keyPath, childLens(keyPath, sharing: field, with: SharedHome.element(of: home)))
    }

    /// Places this feature, as it is placed in its own state, inside an optional child of a larger
    /// state, with one field of the child shared with one value of the larger state, as
    /// ``ReduxFeatures/LogicFeature/ifLet(_:sharing:with:)`` places one feature.
    ///
    /// - Parameters:
    ///   - keyPath: The optional child, a key path from the larger state.
    ///   - field: The shared field, a key path from the child.
    ///   - home: Where the value lives, a key path from the larger state.
    /// - Returns: The placed feature.
    public func ifLet<Outer: State, Value: Equatable>(
        _ keyPath: any WritableKeyPath<Outer, Root?> & Sendable,
        sharing field: any WritableKeyPath<Root, Value> & Sendable,
        with home: any WritableKeyPath<Outer, Value> & Sendable
    ) -> PlacedFeature<Outer> {
        nested(at: keyPath, childLens(keyPath, sharing: field, with: SharedHome.value(at: home)))
    }
}

/// The elements of a collection, each with a field shared with its home.
private func eachLens<Outer, Elements: IdentifiedCollection & Sendable, Value: Equatable>(
    _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable,
    sharing field: any WritableKeyPath<Elements.Element, Value> & Sendable, with home: SharedHome<Outer, Value>
) -> ElementLens<Outer, Elements.Element> {
    eachLens(keyPath).sharing(field, with: home, settle: settleCopies(keyPath, SharedField(field), home))
}

/// The elements of a collection that are one case of its enum, each case's value with a field
/// shared with the element of `home` with the same id.
private func caseLens<
    Outer, Elements: IdentifiedCollection & Sendable, Child, Home: IdentifiedCollection & Sendable
>(
    _ keyPath: any WritableKeyPath<Outer, Elements> & Sendable,
    _ embed: @escaping @Sendable (Child) -> Elements.Element,
    sharing field: any WritableKeyPath<Child, Home.Element> & Sendable,
    with home: any WritableKeyPath<Outer, Home> & Sendable
) -> ElementLens<Outer, Child> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
    let home = SharedHome<Outer, Home.Element>.element(of: home)
    let settle = settleCopies(keyPath, SharedField(field, in: embed), home)
    return caseLens(keyPath, embed).sharing(field, with: home, settle: settle)
}

/// An optional child with a field shared with its home.
private func childLens<Outer, Child, Value: Equatable>(
    _ keyPath: any WritableKeyPath<Outer, Child?> & Sendable,
    sharing field: any WritableKeyPath<Child, Value> & Sendable,
    with home: SharedHome<Outer, Value>
) -> ElementLens<Outer, Child> {
    childLens(keyPath).sharing(field, with: home, settle: settleCopy(keyPath, field, home))
}

/// Where a shared value lives, as seen from its copies.
struct SharedHome<Outer, Value: Equatable> {
    /// The home as it is now, as a look-up of the home's value for a copy (nil when the copy has no
    /// home: its element was removed). Made once per pass, so the home is projected once.
    let values: (_ outer: Outer) -> (_ copy: Value) -> Value?
    /// Writes a copy home when it differs; nothing when it has no home.
    let write: (_ outer: inout Outer, _ copy: Value) -> Void
    /// What changed in the home since the pass that left `memo`: nothing, one element, or unknown.
    let change: (_ outer: Outer, _ memo: SettleMemo) -> ContentRevision.Change
    /// For a collection home, whether a copy is of the home's element at an offset (the element
    /// read once, the predicate asked per copy); nil for one value, whose every copy is of it.
    let isCopy: ((_ outer: Outer, _ offset: Int) -> (_ copy: Value) -> Bool)?
    /// Notes the home as a pass leaves it.
    let note: (_ outer: Outer, _ memo: SettleMemo) -> Void

    /// The element of a collection with the copy's id.
    static func element<Home: IdentifiedCollection>(of home: any WritableKeyPath<Outer, Home> & Sendable) -> Self
    where Value: Identifiable, Home.Element == Value, Home.ID == Value.ID {
        let revision = CollectionReader(Home.self).revision
        return SharedHome(
            values: { outer in
                let elements = outer[keyPath: home]
                return { copy in elements[id: copy.id] }
            },
            write: { outer, copy in
                guard let value = outer[keyPath: home][id: copy.id], value != copy else { return }
                outer[keyPath: home][id: copy.id] = copy
            },
            change: { outer, memo in
                revision?(outer[keyPath: home]).change(since: memo.value as? RevisionStamp) ?? .unknown
            },
            isCopy: { outer, offset in
                let id = outer[keyPath: home][offset].id
                return { copy in copy.id == id }
            },
            note: { outer, memo in memo.value = revision?(outer[keyPath: home]).current })
    }

    /// One value.
    static func value(at home: any WritableKeyPath<Outer, Value> & Sendable) -> Self {
        SharedHome(
            values: { outer in
                let value = outer[keyPath: home]
                return { _ in value }
            },
            write: { outer, copy in
                if outer[keyPath: home] != copy { outer[keyPath: home] = copy }
            },
            change: { outer, memo in
                (memo.value as? Value).map { $0 == outer[keyPath: home] ? .none : .unknown } ?? .unknown
            },
            isCopy: nil,
            note: { outer, memo in memo.value = outer[keyPath: home] })
    }
}

/// Where an element holds its copy: a field of the element, or a field of one case's value (an
/// element of another case holds none).
struct SharedField<Element, Value> {
    /// Hands the element's copy to a closure; nothing for an element that holds none. (A closure,
    /// not an optional: unspecialised code would look up `Optional<Value>`'s type per element.)
    let copy: (Element, (Value) -> Void) -> Void
    /// Writes the element's copy; nothing for an element that holds none.
    let write: (inout Element, Value) -> Void

    init(_ field: any WritableKeyPath<Element, Value> & Sendable) {
        copy = { element, body in body(element[keyPath: field]) }
        write = { $0[keyPath: field] = $1 }
    }

    init<Child>(
        _ field: any WritableKeyPath<Child, Value> & Sendable, in embed: @escaping @Sendable (Child) -> Element
    ) {
        copy = { element, body in
            if let child = CaseMatch.payload(of: element, in: embed) { body(child[keyPath: field]) }
        }
        write = { element, value in
            guard var child = CaseMatch.payload(of: element, in: embed) else { return }
            child[keyPath: field] = value
            element = embed(child)
        }
    }
}

/// Brings the copies in a collection's elements up to date from their home, after an action.
///
/// What the collection's and the home's revisions say changed since the last pass (`memo`)
/// decides what is compared: nothing when neither changed; the one element written, and the
/// copies of the one home element written; every element otherwise (one `==` each).
private func settleCopies<Root, Elements: IdentifiedCollection, Value: Equatable>(
    _ keyPath: any WritableKeyPath<Root, Elements> & Sendable, _ field: SharedField<Elements.Element, Value>,
    _ home: SharedHome<Root, Value>
) -> (inout Root, SettleMemo) -> Bool {
    let reader = CollectionReader(Elements.self)
    return { root, memo in
        let elements = root[keyPath: keyPath]
        let elementsChange =
            reader.revision?(elements).change(since: memo.stamps.first as? RevisionStamp)
            ?? ContentRevision.Change.unknown
        let homeChange = home.change(root, memo)
        if elementsChange == .none && homeChange == .none { return false }
        let homeValue = home.values(root)
        var stale: [Int] = []
        var values: [Value] = []
        func compare(_ offset: Int, _ copy: Value) {
            guard let value = homeValue(copy), value != copy else { return }
            stale.append(offset)
            values.append(value)
        }
        switch (elementsChange, homeChange) {
        case (.element(let written), .none):
            field.copy(elements[written]) { compare(written, $0) }
        case (_, .element(let written)) where elementsChange != .unknown && home.isCopy != nil:
            // The copies of the home element written, and the element written, if one was.
            let isCopy = home.isCopy!(root, written)
            let screen: Int? = if case .element(let offset) = elementsChange { offset } else { nil }
            reader.visit(elements) { offset, element in
                field.copy(element) { copy in
                    if offset == screen || isCopy(copy) { compare(offset, copy) }
                }
            }
        default:
            reader.visit(elements) { offset, element in field.copy(element) { compare(offset, $0) } }
        }
        if !stale.isEmpty {
            let ids = elements.ids
            for (offset, value) in zip(stale, values) {
                root[keyPath: keyPath].modify(id: ids[offset]) { field.write(&$0, value) }
            }
        }
        memo.stamps = reader.revision.map { [$0(root[keyPath: keyPath]).current] } ?? []
        home.note(root, memo)
        return !stale.isEmpty
    }
}

/// Brings the copy in an optional child up to date from its home, after an action: one `==`.
private func settleCopy<Root, Child, Value: Equatable>(
    _ keyPath: any WritableKeyPath<Root, Child?> & Sendable, _ field: any WritableKeyPath<Child, Value> & Sendable,
    _ home: SharedHome<Root, Value>
) -> (inout Root, SettleMemo) -> Bool {
    { root, _ in
        guard let copy = root[keyPath: keyPath]?[keyPath: field], let value = home.values(root)(copy), value != copy
        else { return false }
        root[keyPath: keyPath].modifyIfPresent { $0[keyPath: field] = value }
        return true
    }
}

/// How unspecialised code reads a collection type's revision and visits its elements: through
/// ``RevisedCollection`` for the package's collections (the type asked once, each read then a cast
/// to the concrete type), element by element for another.
struct CollectionReader<C: IdentifiedCollection> {
    /// The revision of a value's content; nil for a type that keeps none.
    let revision: ((C) -> ContentRevision)?
    /// Hands every element of a value, with its offset, to a closure, in order.
    let visit: (C, (_ offset: Int, _ element: C.Element) -> Void) -> Void

    init(_ type: C.Type) {
        if let revised = type as? any RevisedCollection.Type {
            (revision, visit) = Self.reading(revised)
        } else {
            revision = nil
            visit = { collection, body in
                for offset in 0..<collection.count { body(offset, collection[offset]) }
            }
        }
    }

    private static func reading<Revised: RevisedCollection>(
        _: Revised.Type
    ) -> (
        (C) -> ContentRevision, (C, (Int, C.Element) -> Void) -> Void
    ) {
        (
            { ($0 as! Revised).revision },
            { collection, body in
                // Sound: `Revised` is `C`, so its elements are `C.Element`.
                (collection as! Revised).visitElements { offset, element in body(offset, element as! C.Element) }
            }
        )
    }
}

extension ElementLens {
    /// The same elements, with one field of each shared with its home: a change made through
    /// `modify` is written home, and `settle` brings every copy up to date after each action.
    func sharing<Value: Equatable>(
        _ field: any WritableKeyPath<Element, Value> & Sendable, with home: SharedHome<Outer, Value>,
        settle: @escaping (inout Outer, SettleMemo) -> Bool
    ) -> ElementLens {
        let base = self
        return ElementLens(
            level: level, ids: ids, element: element,
            modify: { outer, id, body in
                var copy: Value?
                base.modify(&outer, id) { element in
                    body(&element)
                    copy = element[keyPath: field]
                }
                if let copy { home.write(&outer, copy) }
            },
            remove: remove, settle: settle, stamp: stamp)
    }
}
