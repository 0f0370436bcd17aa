public import ReduxCore
internal import ReduxShared

/// A write of one field through a SwiftUI binding, as an action: what `$store.query` sends when a
/// `TextField` changes it.
///
/// A scoped store turns every binding write into one, so a write goes where every change goes:
/// through middleware, the reducers (`container.addBindingReducer(for:)`
/// applies it to a field the state marks in ``BindableState/bindableFields``), time travel and
/// the `TestStore`:
///
/// ```swift
/// await store.send(BindingAction<ContactList>.set(\.query, "Ann")) { $0.query = "Ann" }
/// ```
///
/// `Root` is the state of the feature that accepts the write: the nearest ``BindableState`` at or
/// above the scope that wrote it. A write to a field of a row or of a presented child carries the
/// field's own key path (`\Contact.name`) and where the row is (its id), so that writes to two
/// rows are two different actions.
///
/// A journal (time travel's, a state file's) records a write as its field and value, named by
/// the key paths `Root` lists in ``BindableState/bindableFields`` (the write itself is a closure
/// over typed key paths, which no file can hold), so a line per keystroke is the size of the
/// change. A write it cannot name that way (a value that is not `Codable`, a place the state does
/// not list, one that a reducer placed at elements needs addressed) is recorded as the state it
/// leaves, as before: replaying the journal restores the same state either way.
///
/// A reducer that reacts to a write (validation, a search that starts when the query changes) is
/// registered for `BindingAction<Root>` after the binding reducer and reads ``field``:
///
/// ```swift
/// container.addAsyncReduceFunction { (_, action: BindingAction<ContactList>, state: inout ContactList) in
///     guard action.field == \ContactList.query else { return .none }
///     return .send(Search(query: state.query))
/// }
/// ```
public struct BindingAction<Root>: Action, Equatable, CustomStringConvertible {
    /// The field written, as a key path from the state that owns it: `\ContactList.query`, or
    /// `\Contact.name` for a row's name.
    public var field: AnyKeyPath {
        fieldKeyPath.keyPath
    }
    /// ``field``, carried as `Sendable` (``SendableKeyPath``).
    let fieldKeyPath: SendableKeyPath<AnyKeyPath>
    /// The value written.
    public let value: any Sendable
    /// Where the field's owner sits below `Root`: the key paths and element ids a scope went
    /// through, empty for a field of `Root` itself.
    let location: [BindingStep]
    /// Writes the value at its place in `Root`; a row or child that is gone is left alone.
    let write: @Sendable (inout Root) -> Void

    init(
        field: AnyKeyPath, value: any Sendable, location: [BindingStep],
        write: @escaping @Sendable (inout Root) -> Void
    ) {
        fieldKeyPath = SendableKeyPath(field)
        self.value = value
        self.location = location
        self.write = write
    }

    /// A write of a field of `Root`: what a binding to it sends, for a test or a reducer to send
    /// itself.
    ///
    /// - Parameters:
    ///   - field: The field.
    ///   - value: The value written.
    /// - Returns: The action.
    public static func set<Value: Sendable>(
        _ field: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
    ) -> BindingAction {
        BindingAction(field: field, value: value, location: []) { $0[keyPath: field] = value }
    }

    /// A write of a field of one element of an identified collection of `Root` (a row, a stack
    /// element) that is not a ``BindableState``: what a binding in that element's scope sends. An
    /// element that lists its own fields sends its own `BindingAction`, addressed to it.
    ///
    /// ```swift
    /// await store.send(BindingAction<ContactList>.set(\.contacts, id: 2, \Contact.name, "Bo"))
    /// ```
    ///
    /// - Parameters:
    ///   - collection: The collection.
    ///   - id: The element's id.
    ///   - field: The field, from the element.
    ///   - value: The value written.
    /// - Returns: The action; applied, it leaves the state alone when no element has the id.
    public static func set<Elements: IdentifiedCollection & Sendable, Value: Sendable>(
        _ collection: any WritableKeyPath<Root, Elements> & Sendable, id: Elements.ID,
        _ field: any WritableKeyPath<Elements.Element, Value> & Sendable, _ value: Value
    ) -> BindingAction {
        BindingAction(field: field, value: value, location: [BindingStep(collection, id: AnyHashable(id))]) {
            $0[keyPath: collection].modify(id: id) { $0[keyPath: field] = value }
        }
    }

    /// A write of a field of an optional child of `Root` (a presented form) that is not a
    /// ``BindableState``: what a binding in the child's scope sends.
    ///
    /// - Parameters:
    ///   - child: The optional child.
    ///   - field: The field, from the child.
    ///   - value: The value written.
    /// - Returns: The action; applied, it leaves the state alone while the child is nil.
    public static func set<Child, Value: Sendable>(
        _ child: any WritableKeyPath<Root, Child?> & Sendable, _ field: any WritableKeyPath<Child, Value> & Sendable,
        _ value: Value
    ) -> BindingAction {
        BindingAction(field: field, value: value, location: [BindingStep(child)]) {
            $0[keyPath: child].modifyIfPresent { $0[keyPath: field] = value }
        }
    }

    /// The id of the element of an identified collection that the write went through: which row
    /// or stack element a write to `\Contact.name` was for.
    ///
    /// ```swift
    /// guard action.field == \Contact.name, let row = action.elementID(in: \ContactList.contacts) else { return }
    /// ```
    ///
    /// - Parameter collection: The collection, as a key path from the state its scope was made
    ///   from (`\ContactList.path`).
    /// - Returns: The element's id, or nil when the write did not go through an element of it.
    public func elementID<Elements: IdentifiedCollection>(in collection: KeyPath<some Any, Elements>) -> Elements.ID? {
        location.lazy.compactMap { $0.keyPath == collection ? $0.id?.base as? Elements.ID : nil }.first
    }

    /// Applies the write to a state: sets the field, if its owner is still there.
    ///
    /// - Parameter state: The state of the feature that accepts the write.
    public func apply(to state: inout Root) {
        write(&state)
    }

    /// Whether two writes set the same field of the same owner to equal values; values that are
    /// not `Equatable` are never equal.
    public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
        lhs.field == rhs.field && lhs.location == rhs.location && areEqual(lhs.value, rhs.value)
    }

    /// `set \(field) to \(value)`, with where the owner is.
    public var description: String {
        let place = location.isEmpty ? "" : " of " + location.map(\.description).joined()
        return "BindingAction<\(Root.self)>: set \(field)\(place) to \(value)"
    }
}

/// A key path a binding names, carried in a `Sendable` action.
///
/// - Note: `@unchecked Sendable`: `@dynamicMemberLookup` hands a binding's subscript a key path
///   whose type cannot say `& Sendable`. A key path is immutable, and the ones a binding names are
///   made of stored properties and `Sendable` subscript arguments (an element's id).
struct SendableKeyPath<KeyPathType: AnyKeyPath>: @unchecked Sendable {
    let keyPath: KeyPathType

    init(_ keyPath: KeyPathType) {
        self.keyPath = keyPath
    }
}

/// `==` of two values of unknown types: equal when both have one `Equatable` type and are equal.
func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
