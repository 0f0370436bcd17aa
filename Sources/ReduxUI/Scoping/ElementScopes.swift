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
        /// An element's scope, held weakly (it lives while a view holds it), and where the element
        /// was at the last update.
        private struct Entry {
            weak var scope: ScopedStore<Elements.Element>?
            var offset: Int
        }

        let keyPath: any WritableKeyPath<Parent, Elements> & Sendable
        private var entries: [Elements.ID: Entry] = [:]
        /// The owners of the elements a scope was made for: their effects are cancelled when the
        /// element leaves, whether or not a view still holds the scope.
        private var owners: [Elements.ID: ScopeOwner] = [:]
        /// The collection's ids at the last update: while they stay the same, every element is
        /// where it was, and none left.
        private var lastIDs: [Elements.ID] = []
        /// Where each id of `lastIDs` is.
        private var offsets: [Elements.ID: Int] = [:]
        /// The revision of the collection the scopes were last fed from, held so that the next
        /// update can ask what changed since (nil: compare).
        private var lastRevision: RevisionStamp?
        /// Reads the collection's revision, when it keeps one (``RevisedCollection``).
        private let revision: ((Elements) -> ContentRevision)?
        private let host: ScopeHost

        init(_ keyPath: any WritableKeyPath<Parent, Elements> & Sendable, host: ScopeHost) {
            self.keyPath = keyPath
            self.host = host
            revision = CollectionReader(Elements.self).revision
        }

        /// The live scope of an element, if one is.
        func scope(id: Elements.ID) -> ScopedStore<Elements.Element>? {
            entries[id]?.scope
        }

        /// Keeps a new element scope and its owner.
        ///
        /// - Parameters:
        ///   - scope: The element's scope.
        ///   - elements: The collection the element was read from.
        ///   - id: The element's id.
        ///   - owner: The owner of the effects sent from the scope.
        func add(
            _ scope: ScopedStore<Elements.Element>, of elements: Elements, id: Elements.ID, owner: ScopeOwner
        ) {
            let ids = elements.ids
            if ids != lastIDs { reposition(ids) }
            entries[id] = Entry(scope: scope, offset: offsets[id] ?? -1)
            owners[id] = owner
            // A new group's scopes show the collection given. An older group's live scopes may
            // not yet (a scope made while the parent feeds its children): they keep its revision.
            if lastRevision == nil { lastRevision = revision?(elements).current }
        }

        /// Feeds the live element scopes their elements. When the collection tells what changed
        /// (``ContentRevision``), only the scope of the element written, or none; otherwise each
        /// live scope, by its last offset while the ids are the same, or after finding every
        /// element again.
        ///
        /// - Complexity: O(1) for no change or a write of one element; otherwise O(n + s): n the
        ///   collection's length (the ids compared), s the live element scopes.
        func update(_ parent: Parent) {
            let elements = parent[keyPath: keyPath]
            let revision = self.revision?(elements)
            switch revision?.change(since: lastRevision) ?? .unknown {
            case .none:
                return
            case .element(let offset):
                lastRevision = revision?.current
                feed(elements, at: offset)
                return
            case .unknown:
                lastRevision = revision?.current
            }
            let ids = elements.ids
            if ids != lastIDs {
                reposition(ids)
            }
            for (id, entry) in entries {
                guard let scope = entry.scope else {
                    entries[id] = nil
                    continue
                }
                if entry.offset >= 0 {
                    scope.update(elements[entry.offset])
                } else {
                    scope.markGone()
                    entries[id] = nil
                }
            }
        }

        /// Feeds the element at an offset to its live scope, if it has one: the ids are the same
        /// as at the last update.
        private func feed(_ elements: Elements, at offset: Int) {
            let id = lastIDs[offset]
            guard let entry = entries[id] else { return }
            guard let scope = entry.scope else {
                entries[id] = nil
                return
            }
            scope.update(elements[offset])
        }

        /// Finds every element with a scope or an owner in new ids: records where each is, marks
        /// gone those that left (offset -1) and cancels the effects of the owners that left.
        private func reposition(_ ids: [Elements.ID]) {
            lastIDs = ids
            offsets.removeAll(keepingCapacity: true)
            offsets.reserveCapacity(ids.count)
            for (offset, id) in ids.enumerated() {
                offsets[id] = offset
            }
            for id in entries.keys {
                entries[id]?.offset = offsets[id] ?? -1
            }
            for (id, owner) in owners where offsets[id] == nil {
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
            lastIDs = []
            offsets = [:]
            lastRevision = nil
        }
    }
#endif
