internal import ReduxCore
internal import ReduxShared

// A binding write in a journal: its field, its value and the places it went through, each named by
// its key path as written in `Root.bindableFields` (`\Notebook.title`), so that a line is the size
// of the change, not of the state (Docs/Decisions/0029-binding-writes-as-fields.md).

extension BindingAction: Codable where Root: BindableState {
    /// Writes the write as its field, its value and the places it went through, each named by its
    /// key path (`{"field":"\\Notebook.title","value":"Trip"}`): what a journal line holds, a few
    /// bytes whatever the state's size.
    ///
    /// A write that cannot be named exactly is not encoded: a recorder journals the state it leaves
    /// instead. That is a field or place that `Root.bindableFields` does not list (or whose key
    /// path has no name of its own there), a value that is not `Encodable` or not of the field's
    /// own type, an element id that is not `Encodable`, or a write through an enum case's scope.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError.invalidValue` for a write that cannot be named exactly.
    public func encode(to encoder: any Encoder) throws {
        guard let form = journalForm else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "\(description) cannot be named by the key paths \(Root.self).bindableFields "
                        + "lists, or its value is not Encodable"))
        }
        var container = encoder.container(keyedBy: WriteKey.self)
        try container.encode(form.field, forKey: .field)
        try container.encode(form.value, forKey: .value)
        guard !form.places.isEmpty else { return }
        var places = container.nestedUnkeyedContainer(forKey: .through)
        for place in form.places {
            var step = places.nestedContainer(keyedBy: WriteKey.self)
            try step.encode(place.name, forKey: .place)
            if let id = place.id {
                try step.encode(id, forKey: .id)
            }
        }
    }

    /// Reads a write ``encode(to:)`` wrote, finding each key path by its name among
    /// `Root.bindableFields`: applied, it changes the state as the recorded write did.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when `Root.bindableFields` no longer lists a field
    ///   or place the write names, or the places no longer lead to the field (a journal of an
    ///   app whose fields changed since): never a write to another field. A value or id that no
    ///   longer decodes as the field's type throws the decoder's error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WriteKey.self)
        let table = BindableFieldNames.of(Root.self) ?? .make(Root.self)
        func keyPath(
            named name: String, forKey key: WriteKey, in container: KeyedDecodingContainer<WriteKey>
        ) throws
            -> any JournaledKeyPath
        {
            guard let keyPath = table.keyPaths[name] else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "The journal names \(name), which \(Root.self).bindableFields does not list "
                        + "(the journal comes from a version of the app whose fields differ); replay it with that "
                        + "version, or start from a snapshot")
            }
            return keyPath
        }
        let field = try keyPath(
            named: try container.decode(String.self, forKey: .field), forKey: .field, in: container)
        var steps: [(keyPath: any JournaledKeyPath, id: AnyHashable?)] = []
        if container.contains(.through) {
            var places = try container.nestedUnkeyedContainer(forKey: .through)
            while !places.isAtEnd {
                let step = try places.nestedContainer(keyedBy: WriteKey.self)
                let place = try keyPath(named: try step.decode(String.self, forKey: .place), forKey: .place, in: step)
                let id = step.contains(.id) ? try place.decodeElementID(from: step) : nil
                steps.append((place, id))
            }
        }
        let value = try field.decodeValue(from: container)
        // Rebuilt from the field outwards: each place wraps the write below it, as the scopes did.
        var write = field.fieldWrite(value)
        for (index, step) in steps.enumerated().reversed() {
            let below = index + 1 < steps.count ? steps[index + 1].keyPath.rootType : field.rootType
            write = write.flatMap { step.keyPath.placeWrite($0, id: step.id, below: below) }
        }
        guard let write = write as? PartWrite<Root> else {
            throw DecodingError.dataCorruptedError(
                forKey: .through, in: container,
                debugDescription: "The places the journal names no longer lead from \(Root.self) to "
                    + "\(field) (the journal comes from a version of the app whose fields differ); replay it "
                    + "with that version, or start from a snapshot")
        }
        self.init(
            field: field as AnyKeyPath, value: value,
            location: steps.map { BindingStep($0.keyPath as AnyKeyPath, id: $0.id) }
        ) { write.apply(&$0) }
    }

    /// The write as a journal names it; nil when it cannot be named exactly.
    var journalForm: JournalForm? {
        guard let table = BindableFieldNames.of(Root.self),
            let named = journalNames(of: field, location: location, value: value, root: Root.self, table: table),
            let value = value as? any Encodable
        else { return nil }
        return JournalForm(field: named.field, value: value, places: named.places)
    }
}

extension BindingAction: JournaledAsState {
    /// Whether a journal holds the write itself (its field and value) rather than the whole
    /// state it leaves: when the state lists what it names (``BindableState``) and the value is
    /// `Encodable`.
    static func isJournaledAsItself(_ action: any Action) -> Bool {
        let write = exactCast(action, to: BindingAction.self)
        guard let table = BindableFieldNames.of(Root.self) else { return false }
        return journalNames(
            of: write.field, location: write.location, value: write.value, root: Root.self, table: table) != nil
    }
}

/// The names a journal gives a write's field and places, checked as the scopes built the write:
/// each place's key path starts where the one above ended and leads to the next part, and the
/// value is of the field's own `Encodable` type. Nil when the write cannot be named exactly.
private func journalNames(
    of field: AnyKeyPath, location: [BindingStep], value: any Sendable, root: Any.Type, table: BindableFieldNames
) -> (field: String, places: [(name: String, id: (any Encodable)?)])? {
    var places: [(name: String, id: (any Encodable)?)] = []
    var owner = root
    for (index, step) in location.enumerated() {
        guard let place = table.listed[step.keyPath], place.keyPath.rootType == owner else { return nil }
        let below =
            index + 1 < location.count ? type(of: location[index + 1].keyPath).rootType : type(of: field).rootType
        guard place.keyPath.leads(to: below, throughElement: step.id != nil) else { return nil }
        var id: (any Encodable)?
        if let element = step.id {
            guard let encodable = element.base as? any Encodable else { return nil }
            id = encodable
        }
        places.append((place.name, id))
        owner = below
    }
    guard let named = table.listed[field], named.keyPath.rootType == owner, named.valueIsEncodable,
        named.keyPath.valueType == type(of: value)
    else { return nil }
    return (named.name, places)
}

/// What a journal line holds for a binding write.
struct JournalForm {
    /// The field's key path, as written (`\Page.text`).
    let field: String
    /// The value written.
    let value: any Encodable
    /// The places from the root down to the field's owner: each key path's name and, for an
    /// element of an identified collection, its id.
    let places: [(name: String, id: (any Encodable)?)]
}

/// The keys of a binding write's journal form.
enum WriteKey: String, CodingKey {
    case field, value, through, place, id
}

/// The names of the key paths a ``BindableState`` lists, worked out once per type: a key path's
/// description (`\Notebook.title`) when it is one that no other listed key path shares and that
/// names its properties (not `<offset …>` or `<computed …>`, which a build without reflection
/// metadata writes, nor the bare type name older Apple systems write).
final class BindableFieldNames: @unchecked Sendable {
    /// A listed key path that has a name.
    struct Named {
        let name: String
        let keyPath: any JournaledKeyPath
        /// Whether the key path's value type is `Encodable`.
        let valueIsEncodable: Bool
    }

    /// The nameable key paths, by key path.
    let listed: [AnyKeyPath: Named]
    /// The nameable key paths by name.
    let keyPaths: [String: any JournaledKeyPath]

    private init(listed: [AnyKeyPath: Named], keyPaths: [String: any JournaledKeyPath]) {
        self.listed = listed
        self.keyPaths = keyPaths
    }

    /// The nameable key paths inside a member, by the member's key path (see ``fields(under:)``).
    private let inside = LockedValue<[AnyKeyPath: [any JournaledKeyPath]]>([:])

    /// The table of each state type asked for, nil for one that is not a ``BindableState``.
    private static let tables = LockedValue<[ObjectIdentifier: BindableFieldNames?]>([:])

    /// The listed key paths that continue `member` (`\ContactDetail.contact.name` inside
    /// `\ContactDetail.contact`), as their names say; empty for most members.
    ///
    /// - Complexity: O(1) after the first call for a member.
    func fields(under member: AnyKeyPath) -> [any JournaledKeyPath] {
        if let fields = inside.withLock({ $0[member] }) {
            return fields
        }
        let prefix = "\(member)."
        let fields = listed.values.filter { $0.name.hasPrefix(prefix) }.map(\.keyPath)
        inside.withLock { $0[member] = fields }
        return fields
    }

    /// The names of the key paths a state lists; nil when it is not a ``BindableState``.
    ///
    /// - Complexity: O(1) after the first call for a type.
    static func of(_ root: Any.Type) -> BindableFieldNames? {
        if let table = tables.withLock({ $0[ObjectIdentifier(root)] }) {
            return table
        }
        let table = (root as? any BindableState.Type).map { make($0) }
        tables.withLock { $0[ObjectIdentifier(root)] = table }
        return table
    }

    /// The table of a state, made.
    fileprivate static func make<Root: BindableState>(_: Root.Type) -> BindableFieldNames {
        var counts: [String: Int] = [:]
        let named = Root.bindableFields.map { keyPath in (keyPath as AnyKeyPath, "\(keyPath)") }
        for (_, name) in named {
            counts[name, default: 0] += 1
        }
        var listed: [AnyKeyPath: Named] = [:]
        var keyPaths: [String: any JournaledKeyPath] = [:]
        for (keyPath, name) in named
        where counts[name] == 1 && name.hasPrefix("\\") && !namesStorage(name) {
            guard let journaled = keyPath as? any JournaledKeyPath else { continue }
            listed[keyPath] = Named(
                name: name, keyPath: journaled, valueIsEncodable: journaled.valueType is any Encodable.Type)
            keyPaths[name] = journaled
        }
        return BindableFieldNames(listed: listed, keyPaths: keyPaths)
    }
}

/// A write of a part of type `Part`, as a journal rebuilds it.
struct PartWrite<Part>: @unchecked Sendable {
    // `@unchecked Sendable`: the closure captures key paths (immutable), an element id and the
    // value, which a binding wrote as `Sendable`.
    let apply: (inout Part) -> Void
}

/// A writable key path, opened: what rebuilds a journaled write through it.
protocol JournaledKeyPath: AnyKeyPath {
    /// Whether the key path's value leads to a part of type `below`: is it (a fixed part), or an
    /// optional of it (a presented child), or, `throughElement`, an identified collection of it.
    func leads(to below: Any.Type, throughElement: Bool) -> Bool
    /// Decodes a value of the field's type, from the `value` key.
    func decodeValue(from container: KeyedDecodingContainer<WriteKey>) throws -> any Sendable
    /// Decodes an element id of the collection the key path names, from the `id` key.
    func decodeElementID(from container: KeyedDecodingContainer<WriteKey>) throws -> AnyHashable
    /// The write of a value to the field: a `PartWrite` of the key path's root; nil when the value
    /// is not of the field's type.
    func fieldWrite(_ value: any Sendable) -> Any?
    /// The write of the part below (a `PartWrite` of `below`) through this key path: a
    /// `PartWrite` of the root; nil when the key path does not lead there.
    func placeWrite(_ write: Any, id: AnyHashable?, below: Any.Type) -> Any?
    /// The field's value in `new` when it differs from its value in `old` (both of the key path's
    /// root), as a binding writes it; nil when it is equal, or not `Equatable`.
    func changedValue(from old: Any, to new: Any) -> (any Sendable)?
}

extension JournaledKeyPath {
    var rootType: Any.Type { Self.rootType }
    var valueType: Any.Type { Self.valueType }
}

extension WritableKeyPath: JournaledKeyPath {
    func leads(to below: Any.Type, throughElement: Bool) -> Bool {
        if throughElement {
            return (Value.self as? any JournaledCollection.Type)?.elementType == below
        }
        return Value.self == below || (Value.self as? any JournaledOptional.Type)?.wrappedType == below
    }

    func decodeValue(from container: KeyedDecodingContainer<WriteKey>) throws -> any Sendable {
        guard let decodable = Value.self as? any Decodable.Type else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: "\(Value.self), the type of \(self), is not Decodable")
        }
        return asSendable(try container.decode(decodable, forKey: .value))
    }

    func changedValue(from old: Any, to new: Any) -> (any Sendable)? {
        guard let old = old as? Root, let new = new as? Root else { return nil }
        let value: Any = new[keyPath: self]
        guard old[keyPath: self] is any Equatable, !areEqual(old[keyPath: self], value) else { return nil }
        return asSendable(value)
    }

    func decodeElementID(from container: KeyedDecodingContainer<WriteKey>) throws -> AnyHashable {
        guard let collection = Value.self as? any JournaledCollection.Type else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container,
                debugDescription: "The journal names an element of \(self), which is not an identified collection "
                    + "(the journal comes from a version of the app whose fields differ)")
        }
        return try collection.decodeID(from: container)
    }

    func fieldWrite(_ value: any Sendable) -> Any? {
        guard let value = value as? Value else { return nil }
        // Sound: a key path is immutable, and the value is `Sendable` (see `PartWrite`).
        let field = SendableKeyPath(self)
        let sent = UncheckedValue(value: value)
        return PartWrite<Root> { $0[keyPath: field.keyPath] = sent.value }
    }

    func placeWrite(_ write: Any, id: AnyHashable?, below: Any.Type) -> Any? {
        let place = SendableKeyPath(self)
        if let id {
            guard let collection = Value.self as? any JournaledCollection.Type,
                let element = collection.elementWrite(write, id: id) as? PartWrite<Value>
            else { return nil }
            return PartWrite<Root> { element.apply(&$0[keyPath: place.keyPath]) }
        }
        if let part = write as? PartWrite<Value>, Value.self == below {
            return PartWrite<Root> { part.apply(&$0[keyPath: place.keyPath]) }
        }
        guard let optional = Value.self as? any JournaledOptional.Type,
            let child = optional.childWrite(write) as? PartWrite<Value>
        else { return nil }
        return PartWrite<Root> { child.apply(&$0[keyPath: place.keyPath]) }
    }
}

/// A field's value as the `Sendable` value a binding writes.
///
/// Sound: `any Sendable` is laid out as `Any` (Sendable is a marker protocol), and a field's value
/// is part of a state, which is `Sendable`. (`unsafeBitCast` would open `value`.)
private func asSendable(_ value: Any) -> any Sendable {
    withUnsafePointer(to: value) {
        $0.withMemoryRebound(to: (any Sendable).self, capacity: 1) { $0.pointee }
    }
}

/// A value carried into a `@Sendable` write; see ``PartWrite``.
private struct UncheckedValue<Value>: @unchecked Sendable {
    let value: Value
}

/// An optional, opened: a presented child's place.
private protocol JournaledOptional {
    static var wrappedType: Any.Type { get }
    /// The write of the child (a `PartWrite` of the wrapped type) to the optional, if present.
    static func childWrite(_ write: Any) -> Any?
}

extension Optional: JournaledOptional {
    static var wrappedType: Any.Type { Wrapped.self }

    static func childWrite(_ write: Any) -> Any? {
        guard let child = write as? PartWrite<Wrapped> else { return nil }
        return PartWrite<Wrapped?> { $0.modifyIfPresent(child.apply) }
    }
}

/// An identified collection, opened: a row's or a stack element's place.
private protocol JournaledCollection {
    static var elementType: Any.Type { get }
    /// Decodes an id, from the `id` key.
    static func decodeID(from container: KeyedDecodingContainer<WriteKey>) throws -> AnyHashable
    /// The write of the element (a `PartWrite` of the element type) with an id, if present.
    static func elementWrite(_ write: Any, id: AnyHashable) -> Any?
}

extension IdentifiedArray: JournaledCollection {}
extension StackState: JournaledCollection {}

extension IdentifiedCollection {
    fileprivate static var elementType: Any.Type { Element.self }

    fileprivate static func decodeID(from container: KeyedDecodingContainer<WriteKey>) throws -> AnyHashable {
        guard let decodable = ID.self as? any Decodable.Type,
            let id = try container.decode(decodable, forKey: .id) as? ID
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "\(ID.self), an element id, is not Decodable")
        }
        return AnyHashable(id)
    }

    fileprivate static func elementWrite(_ write: Any, id: AnyHashable) -> Any? {
        guard let element = write as? PartWrite<Element>, let id = id.base as? ID else { return nil }
        return ReduxUI.elementWrite(element, id: id, in: Self.self)
    }
}

/// The write of an element with an id, through its collection.
private func elementWrite<Elements: IdentifiedCollection>(
    _ element: PartWrite<Elements.Element>, id: Elements.ID, in _: Elements.Type
) -> PartWrite<Elements> {
    PartWrite { (elements: inout Elements) in elements.modify(id: id, element.apply) }
}

/// Whether a key path's printed name shows storage rather than property names (`<offset 8>`,
/// `<computed 0x…>`): such a name means nothing in another run. Written with the standard library
/// alone (Foundation's `contains(_:)` is what Apple's SDKs give strings).
private func namesStorage(_ name: String) -> Bool {
    name.split(separator: "<").dropFirst().contains { $0.hasPrefix("offset") || $0.hasPrefix("computed") }
}
