#if canImport(Observation)
    /// The scopes of one identified collection's elements, fed together: the collection is read
    /// once per update, then each live element scope is found by id (rows of a list, stack
    /// elements).
    @MainActor
    protocol ElementGroup<Parent>: AnyObject {
        associatedtype Parent
        /// Feeds the elements' scopes from a new parent part; marks gone the scopes of elements
        /// that left, and cancels their effects.
        func update(_ parent: Parent)
        /// Marks every element scope gone (the parent's part is gone).
        func markGone()
    }

    /// ``ElementGroup`` for one collection type.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    final class ElementScopes<Parent: Sendable, Elements: IdentifiedCollection & Sendable>: ElementGroup
    where Elements.Element: Sendable {
        /// An element's scope, held weakly: it lives while a view holds it.
        private struct Entry {
            weak var scope: ScopedStore<Elements.Element>?
        }

        let keyPath: any WritableKeyPath<Parent, Elements> & Sendable
        private var entries: [Elements.ID: Entry] = [:]
        /// The owners of the elements a scope was made for: their effects are cancelled when the
        /// element leaves, whether or not a view still holds the scope.
        private var owners: [Elements.ID: ScopeOwner] = [:]
        private let host: ScopeHost

        init(_ keyPath: any WritableKeyPath<Parent, Elements> & Sendable, host: ScopeHost) {
            self.keyPath = keyPath
            self.host = host
        }

        /// The live scope of an element, if one is.
        func scope(id: Elements.ID) -> ScopedStore<Elements.Element>? {
            entries[id]?.scope
        }

        /// Keeps a new element scope and its owner.
        func add(_ scope: ScopedStore<Elements.Element>, id: Elements.ID, owner: ScopeOwner) {
            entries[id] = Entry(scope: scope)
            owners[id] = owner
        }

        func update(_ parent: Parent) {
            let elements = parent[keyPath: keyPath]
            for (id, entry) in entries {
                guard let scope = entry.scope else {
                    entries[id] = nil
                    continue
                }
                if let element = elements[id: id] {
                    scope.update(element)
                } else {
                    scope.markGone()
                    entries[id] = nil
                }
            }
            for (id, owner) in owners where elements[id: id] == nil {
                owners[id] = nil
                host.cancelEffects(owner)
            }
        }

        func markGone() {
            for entry in entries.values {
                entry.scope?.markGone()
            }
            entries = [:]
            owners = [:]
        }
    }
#endif
