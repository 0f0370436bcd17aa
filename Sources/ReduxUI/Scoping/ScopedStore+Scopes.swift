#if canImport(Observation)
    internal import ReduxCore
    internal import ReduxShared

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ScopedStore {
        /// A scope of a part of this part: a child feature's state, for its views.
        ///
        /// ```swift
        /// SettingsView(store: store.scope(\.settings))
        /// ```
        ///
        /// The same scope object is returned for the same key path while this scope lives.
        ///
        /// - Parameter keyPath: The child's part.
        /// - Returns: The child's scope.
        /// - Complexity: O(1) amortised.
        public func scope<Child: Sendable>(_ keyPath: any WritableKeyPath<Part, Child> & Sendable) -> ScopedStore<Child>
        {
            child(keyPath, step: BindingStep(keyPath), owns: false) {
                $0[keyPath: keyPath]
            } write: {
                part, write in
                write(&part[keyPath: keyPath])
            }!
        }

        /// A scope of an optional part, nil while the part is nil: a presented sheet's or
        /// destination's state.
        ///
        /// ```swift
        /// .sheet(item: $store.scope(\.addContact)) { form in ContactFormView(store: form) }   // MultiReduxUI
        /// if let detail = store.scope(\.detail) { DetailView(store: detail) }
        /// ```
        ///
        /// Reading it tracks whether the part is there, not what it holds. The scope stays the same
        /// object while the part is there; once the part is nil the scope is gone (``isGone``), and
        /// a part set again later gets a new scope.
        ///
        /// - Parameter keyPath: The optional part.
        /// - Returns: The child's scope, or nil.
        /// - Complexity: O(1) amortised.
        public func scope<Child: Sendable>(
            _ keyPath: any WritableKeyPath<Part, Child?> & Sendable
        ) -> ScopedStore<Child>? {
            track(members.slot(.presence(keyPath)) { ScopeMembers.presence(keyPath) })
            return child(keyPath, step: BindingStep(keyPath), owns: true) {
                $0[keyPath: keyPath]
            } write: {
                part, write in
                part[keyPath: keyPath].modifyIfPresent(write)
            }
        }

        /// A scope of the case this scope's enum is, nil while it is another case: a screen of a
        /// stack whose screens are of several kinds.
        ///
        /// ```swift
        /// if let screen = store.scope(\.path, id: id) {
        ///     if let detail = screen.scope(case: Screen.detail) { DetailView(store: detail) }
        ///     if let meeting = screen.scope(case: Screen.meeting) { MeetingView(store: meeting) }
        /// }
        /// ```
        ///
        /// Reading it tracks which case the part is, not what the case holds. The case is
        /// recognised by reflection, exactly. Writes through the scope are written back into the
        /// case; the feature placed at the case (`forEach(_:case:)`) applies the case's own writes
        /// when its state is a ``BindableState``.
        ///
        /// - Parameter embed: The case's constructor: `Screen.detail`.
        /// - Returns: The case's scope, or nil.
        /// - Complexity: O(1) amortised, with a reflection of the enum's value.
        public func scope<Child: Sendable>(case embed: @escaping @Sendable (Child) -> Part) -> ScopedStore<Child>? {
            let whole = \Part.self
            track(members.slot(.caseOf(whole)) { ScopeMembers.caseOf(value: whole) })
            let extract: @Sendable (Part) -> Child? = { CaseMatch.payload(of: $0, in: embed) }
            guard let present = extract(current), let label = CaseMatch.label(of: embed(present)) else { return nil }
            return child(CaseKey(keyPath: whole, label: label), step: BindingStep(whole), owns: false) {
                extract($0)
            } write: {
                part, write in
                guard var child = extract(part) else { return }
                write(&child)
                part = embed(child)
            }
        }

        /// A scope of one case of an optional enum of destinations, nil while the destination is
        /// another case or nil: what a screen presents, one at a time, each case by its own
        /// presentation.
        ///
        /// ```swift
        /// .sheet(item: $store.scope(\.destination, case: Destination.edit)) { form in EditView(store: form) }   // MultiReduxUI
        /// if let form = store.scope(\.destination, case: Destination.edit) { EditView(store: form) }
        /// ```
        ///
        /// Reading it tracks which case the destination is, not what the case holds. The case is
        /// recognised by reflection, exactly: another case, even with a value of the same type,
        /// never is. Writes through the scope are written back into the case. The feature placed
        /// at the case (`ifLet(_:case:)`) applies the case's own writes when its state is a
        /// ``BindableState``.
        ///
        /// - Parameters:
        ///   - keyPath: The optional enum.
        ///   - embed: The case's constructor: `Destination.edit`.
        /// - Returns: The case's scope, or nil.
        /// - Complexity: O(1) amortised, with a reflection of the enum's value.
        public func scope<Destination, Child: Sendable>(
            _ keyPath: any WritableKeyPath<Part, Destination?> & Sendable,
            case embed: @escaping @Sendable (Child) -> Destination
        ) -> ScopedStore<Child>? {
            track(members.slot(.caseOf(keyPath)) { ScopeMembers.caseOf(keyPath) })
            let extract: @Sendable (Destination?) -> Child? = { value in
                value.flatMap { CaseMatch.payload(of: $0, in: embed) }
            }
            guard let present = extract(current[keyPath: keyPath]), let label = CaseMatch.label(of: embed(present))
            else { return nil }
            return child(CaseKey(keyPath: keyPath, label: label), step: BindingStep(keyPath), owns: true) {
                extract($0[keyPath: keyPath])
            } write: {
                part, write in
                guard var child = extract(part[keyPath: keyPath]) else { return }
                write(&child)
                part[keyPath: keyPath] = embed(child)
            }
        }

        /// One scope per element of an identified collection, in order: the rows of a list.
        ///
        /// ```swift
        /// ForEach(store.scope(each: \.contacts)) { row in ContactRow(store: row) }
        /// ```
        ///
        /// Reading it tracks the collection's ids (a row added, removed or moved), not the rows'
        /// contents: a row's view, reading its own scope, is the only one invalidated when that row
        /// changes. Each element keeps its scope object while it is in the collection.
        ///
        /// - Parameter keyPath: The collection (an ``IdentifiedArray`` or a ``StackState``).
        /// - Returns: The elements' scopes.
        /// - Complexity: O(n) in the collection's length.
        public func scope<Elements: IdentifiedCollection>(
            each keyPath: any WritableKeyPath<Part, Elements> & Sendable
        ) -> [ScopedStore<Elements.Element>] where Elements: Sendable, Elements.Element: Sendable {
            track(members.slot(.ids(keyPath)) { ScopeMembers.ids(keyPath) })
            return current[keyPath: keyPath].ids.compactMap { elementScope(keyPath, id: $0) }
        }

        /// The ids of a collection's elements, in order, tracking the ids only: a view that reads
        /// them (for `isEmpty`, `count`, a list of rows) is not invalidated when an element changes
        /// inside, only when one is added, removed or moved.
        ///
        /// ```swift
        /// if store.ids(of: \.contacts).isEmpty { ContentUnavailableView("No contacts", systemImage: "person") }
        /// ```
        ///
        /// `store.contacts.isEmpty` reads the whole collection, and is invalidated by every edit in it.
        ///
        /// - Parameter keyPath: The collection, a key path from the part.
        /// - Returns: Its elements' ids.
        /// - Complexity: O(*n*) to copy the ids of *n* elements; each change of the part compares
        ///   the ids once for all the readers of this collection's ids.
        public func ids<Elements: IdentifiedCollection>(
            of keyPath: any KeyPath<Part, Elements> & Sendable
        )
            -> [Elements.ID]
        {
            track(members.slot(.ids(keyPath)) { ScopeMembers.ids(keyPath) })
            return current[keyPath: keyPath].ids
        }

        /// The scope of one element of an identified collection, nil when no element has the id:
        /// a stack element's screen, a row's detail.
        ///
        /// ```swift
        /// .navigationDestination(for: StackElementID.self) { id in
        ///     if let detail = store.scope(\.path, id: id) { ContactDetailView(store: detail) }
        /// }
        /// ```
        ///
        /// Reading it tracks whether the element is there. The id of a `NavigationLink(pushing:)`
        /// names the screen the link pushed, while it is on the stack.
        ///
        /// - Parameters:
        ///   - keyPath: The collection.
        ///   - id: The element's id.
        /// - Returns: The element's scope, or nil.
        /// - Complexity: O(1) amortised.
        public func scope<Elements: IdentifiedCollection>(
            _ keyPath: any WritableKeyPath<Part, Elements> & Sendable, id: Elements.ID
        ) -> ScopedStore<Elements.Element>? where Elements: Sendable, Elements.Element: Sendable {
            let id = linkedIDs.isEmpty ? id : screen(linkedBy: id, in: keyPath)
            track(members.slot(.element(keyPath, AnyHashable(id))) { ScopeMembers.element(keyPath, id: id) })
            return elementScope(keyPath, id: id)
        }

        /// The id the stack gave the screen a link pushed, for the link's id; `id` itself otherwise.
        private func screen<ID>(linkedBy id: ID, in keyPath: AnyKeyPath) -> ID {
            guard let link = id as? StackElementID, let screen = linkedIDs[keyPath]?[link] else { return id }
            return screen as? ID ?? id
        }

        /// The scope of the element with an id: the live one, or a new one while the element is
        /// there.
        private func elementScope<Elements: IdentifiedCollection>(
            _ keyPath: any WritableKeyPath<Part, Elements> & Sendable, id: Elements.ID
        ) -> ScopedStore<Elements.Element>? where Elements: Sendable, Elements.Element: Sendable {
            let group: ElementScopes<Part, Elements>
            if let existing = elementGroups[keyPath] as? ElementScopes<Part, Elements> {
                if let live = existing.scope(id: id) { return live }
                group = existing
            } else {
                group = ElementScopes(keyPath, host: host)
                elementGroups[keyPath] = group
            }
            let elements = current[keyPath: keyPath]
            guard !isGone, let element = elements[id: id] else { return nil }
            let path = path + [BindingStep(keyPath, id: AnyHashable(id))]
            let owner = host.owner(at: path)
            let scope = ScopedStore<Elements.Element>(
                host: host, parent: self, path: path, owners: owners + [owner], part: element,
                route: childRoute(step: path[path.count - 1]) { part, write in
                    part[keyPath: keyPath].modify(id: id, write)
                })
            group.add(scope, of: elements, id: id, owner: owner)
            return scope
        }

        /// The child scope under a key: the live one, or a new one while the child's part is
        /// there.
        ///
        /// - Parameters:
        ///   - key: Names the child among this scope's: its key path.
        ///   - step: Where the child is, for the binding writes it sends up.
        ///   - owns: Whether the child is a presented child, which owns the effects sent from it
        ///     (cancelled when it leaves); a fixed part does not.
        ///   - read: The child's part of this part, nil when gone.
        ///   - write: Applies a write of the child's part to this part; leaves it alone if the
        ///     child is gone.
        private func child<Child: Sendable>(
            _ key: AnyHashable, step: BindingStep, owns: Bool, read: @escaping (Part) -> Child?,
            write: @escaping @Sendable (inout Part, (inout Child) -> Void) -> Void
        ) -> ScopedStore<Child>? {
            if let live = children[key]?.scope as? ScopedStore<Child> {
                return live
            }
            guard !isGone, let part = read(current) else { return nil }
            let path = path + [owns ? BindingStep(step.keyPath, presents: true) : step]
            var owners = owners
            if owns {
                let owner = host.owner(at: path)
                owners.append(owner)
                if ownedParts[key] == nil {
                    ownedParts[key] = OwnedPart(owner: owner) { read($0) != nil }
                }
            }
            let scope = ScopedStore<Child>(
                host: host, parent: self, path: path, owners: owners, part: part,
                route: childRoute(step: step, write: write))
            children[key] = ChildScope(
                scope: scope,
                update: { [weak scope] parent in
                    guard let scope else { return false }
                    guard let part = read(parent) else {
                        scope.markGone()
                        return false
                    }
                    scope.update(part)
                    return true
                },
                markGone: { [weak scope] in scope?.markGone() })
            return scope
        }

        /// How a child sends its writes: as its own ``BindingAction``s when it is a
        /// ``BindableState`` (a feature placed at it, with `at`, `ifLet` or `forEach`, registers
        /// its binding reducer; the scope's dispatch addresses an element's writes to it); else up
        /// to this scope's route, through `write`.
        private func childRoute<Child>(
            step: BindingStep, write: @escaping @Sendable (inout Part, (inout Child) -> Void) -> Void
        ) -> BindingRoute<Child>? {
            if let own = ownRoute(Child.self) { return own }
            guard let route else { return nil }
            return { field, value, location, childWrite in
                route(field, value, [step] + location) { part in write(&part) { childWrite(&$0) } }
            }
        }
    }

    /// The route of a scope whose part accepts writes itself (a ``BindableState``): writes become
    /// that state's ``BindingAction``s. Nil for any other part.
    @MainActor
    func ownRoute<Part>(_: Part.Type) -> BindingRoute<Part>? {
        guard Part.self is any BindableState.Type else { return nil }
        return { field, value, location, write in
            BindingAction<Part>(field: field, value: value, location: location, write: write)
        }
    }

    /// Where a case's scope is kept among a scope's children: the enum's key path and the case.
    struct CaseKey: Hashable {
        let keyPath: AnyKeyPath
        let label: String
    }
#endif
