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
    /// - Complexity: After each action, one `==` of the shared value per element of `keyPath`
    ///   whose home is there; a change the feature makes costs one more.
    public func forEach<
        Root: State, Elements: IdentifiedCollection & Sendable, Home: IdentifiedCollection & Sendable
    >(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable,
        sharing field: any WritableKeyPath<Elements.Element, Home.Element> & Sendable,
        with home: any WritableKeyPath<Root, Home> & Sendable
    ) -> PlacedFeature<Root> where Home.Element: Identifiable & Equatable, Home.Element.ID == Home.ID {
        placed(at: keyPath, eachLens(keyPath).sharing(field, with: .element(of: home)))
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
    /// - Complexity: After each action, one `==` of the shared value per element of `keyPath`.
    public func forEach<Root: State, Elements: IdentifiedCollection & Sendable, Value: Equatable>(
        _ keyPath: any WritableKeyPath<Root, Elements> & Sendable,
        sharing field: any WritableKeyPath<Elements.Element, Value> & Sendable,
        with home: any WritableKeyPath<Root, Value> & Sendable
    ) -> PlacedFeature<Root> {
        placed(at: keyPath, eachLens(keyPath).sharing(field, with: .value(at: home)))
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
        placed(at: keyPath, childLens(keyPath).sharing(field, with: .element(of: home)))
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
        placed(at: keyPath, childLens(keyPath).sharing(field, with: .value(at: home)))
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

/// Where a shared value lives, as seen from a copy of it.
struct SharedHome<Outer, Value: Equatable> {
    /// The home's value for a copy; nil when the copy has no home (its element was removed).
    let read: (_ outer: Outer, _ copy: Value) -> Value?
    /// Writes a copy home when it differs; nothing when it has no home.
    let write: (_ outer: inout Outer, _ copy: Value) -> Void

    /// The element of a collection with the copy's id.
    static func element<Home: IdentifiedCollection>(of home: any WritableKeyPath<Outer, Home> & Sendable) -> Self
    where Value: Identifiable, Home.Element == Value, Home.ID == Value.ID {
        SharedHome(
            read: { outer, copy in outer[keyPath: home][id: copy.id] },
            write: { outer, copy in
                guard let value = outer[keyPath: home][id: copy.id], value != copy else { return }
                outer[keyPath: home][id: copy.id] = copy
            })
    }

    /// One value.
    static func value(at home: any WritableKeyPath<Outer, Value> & Sendable) -> Self {
        SharedHome(
            read: { outer, _ in outer[keyPath: home] },
            write: { outer, copy in
                if outer[keyPath: home] != copy { outer[keyPath: home] = copy }
            })
    }
}

extension ElementLens {
    /// The same elements, with one field of each shared with its home: a change made through
    /// `modify` is written home, and ``ElementLens/settle`` brings every copy up to date.
    func sharing<Value: Equatable>(
        _ field: any WritableKeyPath<Element, Value> & Sendable, with home: SharedHome<Outer, Value>
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
            remove: remove,
            settle: { outer in
                var changed = false
                for id in base.ids(outer) {
                    guard let copy = base.element(outer, id)?[keyPath: field], let value = home.read(outer, copy),
                        value != copy
                    else { continue }
                    base.modify(&outer, id) { $0[keyPath: field] = value }
                    changed = true
                }
                return changed
            })
    }
}
