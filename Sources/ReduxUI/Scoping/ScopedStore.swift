#if canImport(Observation)
    public import Observation
    public import ReduxCore
    internal import ReduxShared

    /// A store of one part of the app's state, for the views of the feature that owns it: they read
    /// the part, dispatch actions and bind controls through it, and never name the app's root.
    ///
    /// Make the first one from the store, once, where the app starts, and hand views scopes of it:
    ///
    /// ```swift
    /// let contacts = store.scope(\.contacts)            // ScopedStore<ContactList>
    /// let rows = contacts.scope(each: \.contacts)       // [ScopedStore<Contact>], one per row
    /// let form = contacts.scope(\.addContact)           // ScopedStore<ContactForm>?, nil when not shown
    /// ```
    ///
    /// - Reading: `store.query` reads a member of the part (`store.state` the whole part). Inside a
    ///   SwiftUI body or `withObservationTracking` the read is tracked per member: the view is
    ///   invalidated when that member changes (compared with `==` when it is `Equatable`), not
    ///   when another member or another row does.
    /// - Dispatching: ``dispatch(_:fileID:line:)`` sends any action to the store; the actions
    ///   are routed as every action is.
    /// - Binding: with SwiftUI's `@Bindable`, `$store.query` is a `Binding` whose writes are
    ///   ``BindingAction``s (<doc:SwiftUIScreens>).
    /// - Timing: a dispatch or a binding write from a scope is applied, and shown by every scope
    ///   of the store, before it returns, also while another thread is applying actions (it waits
    ///   for that thread to reach it). Changes applied on other threads (an effect's result) show
    ///   in the main actor's next turn, in order.
    /// - After the part is gone: a scope of a child that was dismissed, a row that was deleted or
    ///   a stack element that was popped keeps its last value for the views still holding it
    ///   (``isGone`` is then true); binding writes through it are dropped, so a late keystroke
    ///   never writes into another row or a new child. Its dispatches still reach the store.
    ///
    /// - Lifetime: a scope keeps the scopes it came from, and the store, alive and fed; a child
    ///   scope lives while something (a view) holds it, and the same one is handed out again
    ///   meanwhile.
    ///
    /// - Note: Lives on the main actor, like the views it serves; every scope of one tree is fed by
    ///   one observation of the store, so a dispatch costs one delivery however many scopes exist,
    ///   plus a comparison per member read by a live scope whose part may have changed: of a list's
    ///   rows, only the scope of a row written alone is fed, and none when the rows did not change.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @dynamicMemberLookup
    public final class ScopedStore<Part: Sendable>: Observable, Identifiable {
        let registrar = ObservationRegistrar()
        let host: ScopeHost
        /// The scope this one was scoped from, kept alive so that it keeps feeding this one; nil
        /// for a scope made from the store.
        let parent: AnyObject?
        /// Turns a write into an action, or nil when no scope at or above this one accepts writes.
        let route: BindingRoute<Part>?
        /// The part as last delivered.
        private(set) var current: Part
        /// What this scope's readers read (``ScopeMembers``).
        var members = ScopeMembers<Part>()
        /// The Observation key of each slot of `members`, made once.
        private var observationKeys: [KeyPath<ScopedStore, Int>] = []
        /// The live scopes of fixed and optional parts, fed from this one's updates.
        var children: [AnyHashable: ChildScope<Part>] = [:]
        /// The scopes of the elements of each identified collection, by the collection's key path.
        var elementGroups: [AnyKeyPath: any ElementGroup<Part>] = [:]
        /// Where this scope's part is: the steps from the root scope's part.
        let path: [BindingStep]
        /// The element this scope's dispatches and writes are addressed to (``ScopeHost/address(of:)``
        /// of `path`), worked out once: appending key paths costs more than a write.
        private(set) lazy var address: [ElementStep] = host.address(of: path)
        /// The presented children and stack elements at or above this scope: the owners of the
        /// effects its dispatches start.
        let owners: [ScopeOwner]
        /// The presented children of this part that a scope was made for, with how to tell they
        /// are still there: when one leaves, its effects are cancelled.
        var ownedParts: [AnyHashable: OwnedPart<Part>] = [:]
        /// Per navigation stack of this part, the screens links pushed: the link's id SwiftUI holds
        /// in its path, and the id the stack gave the screen (``stackIDs(_:)``).
        var linkedIDs: [AnyKeyPath: [StackElementID: StackElementID]] = [:]

        /// Whether the part this scope shows is gone: a dismissed child, a deleted row, a popped
        /// stack element. Its value stays the last one; binding writes through it are dropped.
        public private(set) var isGone = false

        init(
            host: ScopeHost, parent: AnyObject? = nil, path: [BindingStep] = [], owners: [ScopeOwner] = [], part: Part,
            route: BindingRoute<Part>?
        ) {
            self.host = host
            self.parent = parent
            self.path = path
            self.owners = owners
            current = part
            self.route = route
        }

        /// The scope's identity: one object per part shown (`ForEach` and `sheet(item:)` use it).
        public nonisolated var id: ObjectIdentifier {
            ObjectIdentifier(self)
        }

        /// The whole part; reading it tracks every change of it.
        public var state: Part {
            track(members.slot(member: \Part.self))
            return current
        }

        /// A member of the part: `store.query` for `store.state.query`; reading it tracks that
        /// member only.
        ///
        /// - Parameter keyPath: The member.
        /// - Returns: Its current value.
        public subscript<Member>(dynamicMember keyPath: KeyPath<Part, Member>) -> Member {
            track(members.slot(member: keyPath))
            return current[keyPath: keyPath]
        }

        /// Sends an action to the store; it is applied, and shown by every scope, before this
        /// returns (see Timing above).
        ///
        /// The effects the action starts, and the effects those lead to, belong to the presented
        /// child or stack element this scope shows (or is below): when it leaves the state (a
        /// dismissal, a pop, a deletion), they are cancelled.
        ///
        /// Sent from an element's scope (`store.scope(each: \.path)`), the action is addressed to
        /// that element: a feature placed at each element of the collection
        /// (`DetailFeature().forEach(\.path)`) reduces this element, with no id in the action, and
        /// so do the effects it starts.
        ///
        /// - Parameters:
        ///   - action: The action.
        ///   - fileID: The `#fileID` of the call, which a time-travel recorder keeps; leave the
        ///     default.
        ///   - line: The line of the call; leave the default.
        public func dispatch(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) {
            host.send(action, owners, address, fileID, line)
        }

        /// Sends an action to the store, addressed as ``dispatch(_:fileID:line:)`` addresses it, and
        /// returns when it and everything it caused have landed (its effects, their changes and
        /// follow-up actions): for `.refreshable` and `.task`.
        ///
        /// ```swift
        /// .refreshable { await store.dispatchAndWait(DetailAction.reload) }
        /// ```
        ///
        /// - Parameters:
        ///   - action: The action.
        ///   - fileID: The `#fileID` of the call; leave the default.
        ///   - line: The line of the call; leave the default.
        public func dispatchAndWait(_ action: any Action, fileID: StaticString = #fileID, line: UInt = #line) async {
            let (send, address) = (host.sendAwaiting, self.address)
            await withCheckedContinuation { (settled: CheckedContinuation<Void, Never>) in
                send(action, address, fileID, line) { settled.resume() }
            }
        }

        // MARK: Observation, per slot

        /// The key under which Observation tracks a slot: one per slot, not per member type, so
        /// that any member can be tracked without a property of its own.
        nonisolated subscript(observed slot: Int) -> Int {
            slot
        }

        /// Registers an Observation access to a slot.
        func track(_ slot: Int) {
            while observationKeys.count <= slot {
                observationKeys.append(\ScopedStore.[observed: observationKeys.count])
            }
            registrar.access(self, keyPath: observationKeys[slot])
        }

        /// Takes a new part: announces a change for each slot whose value changed, then feeds the
        /// children, dropping those whose part is gone.
        ///
        /// - Complexity: O(s + c): s the slots read so far, c the child scopes made.
        func update(_ new: Part) {
            let changed = members.changed(from: current, to: new)
            for slot in changed {
                registrar.willSet(self, keyPath: observationKeys[slot])
            }
            current = new
            for slot in changed {
                registrar.didSet(self, keyPath: observationKeys[slot])
            }
            for (key, child) in children where !child.update(new) {
                children[key] = nil
            }
            for group in elementGroups.values {
                group.update(new)
            }
            for (key, owned) in ownedParts where !owned.isThere(new) {
                ownedParts[key] = nil
                host.cancelEffects(owned.owner)
            }
        }

        /// Marks this scope and its children gone: their parts left the state.
        func markGone() {
            isGone = true
            for child in children.values {
                child.markGone()
            }
            for group in elementGroups.values {
                group.markGone()
            }
            children = [:]
            elementGroups = [:]
        }
    }
#endif

#if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ScopedStore: Hashable {
        /// Whether two scopes are the same object (`navigationDestination(item:)` takes a
        /// `Hashable` item).
        public nonisolated static func == (lhs: ScopedStore, rhs: ScopedStore) -> Bool {
            lhs === rhs
        }

        /// Hashes the scope's identity.
        public nonisolated func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(self))
        }
    }
#endif
