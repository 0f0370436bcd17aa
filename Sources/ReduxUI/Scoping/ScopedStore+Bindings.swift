#if canImport(Observation)
    internal import ReduxCore

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ScopedStore {
        /// A member of the part that views may write: reading it tracks that member; writing it
        /// sends a ``BindingAction`` (what SwiftUI's `$store.query` does through `@Bindable`).
        ///
        /// ```swift
        /// @Bindable var store: ScopedStore<ContactList>
        /// TextField("Search", text: $store.query)
        /// ```
        ///
        /// The write is applied, and shown, before the setter returns. It goes to the nearest
        /// ``BindableState`` at or above this scope, whose feature applies it if the field is among
        /// its ``BindableState/bindableFields``. Through a scope whose part is gone (``isGone``) the
        /// write is dropped; with no `BindableState` at or above the scope it is reported as misuse.
        ///
        /// Reading it first shows the changes applied on other threads that wait for the main
        /// actor's next turn, so that a binding which writes a whole member (`$store.contact.name`
        /// writes `contact`) composes the write from the latest state, not an older one.
        ///
        /// - Parameter keyPath: The member.
        public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Part, Member>) -> Member {
            get {
                host.showPending()
                track(members.slot(member: keyPath))
                return current[keyPath: keyPath]
            }
            set {
                if let narrowed = narrowed(keyPath, newValue) {
                    for (field, value, write) in narrowed {
                        self.write(field: field, value: value) { write.apply(&$0) }
                    }
                    return
                }
                let field = SendableKeyPath(keyPath)
                write(field: keyPath, value: newValue) { $0[keyPath: field.keyPath] = newValue }
            }
        }

        /// The writes of the fields inside a member that a write of the whole member changes, when
        /// this part is a ``BindableState`` that lists fields inside it and writing those alone gives
        /// the same member: SwiftUI's `$store.contact.name` writes the whole contact, and with
        /// `\ContactDetail.contact.name` listed it is sent as a write of the name (applied to the
        /// contact as it is then, and journaled as the name). Nil for a write sent as it is.
        private func narrowed<Member>(
            _ keyPath: WritableKeyPath<Part, Member>, _ newValue: Member
        ) -> [(field: AnyKeyPath, value: any Sendable, write: PartWrite<Part>)]? {
            guard let fields = BindableFieldNames.of(Part.self)?.fields(under: keyPath), !fields.isEmpty,
                newValue is any Equatable
            else { return nil }
            let old = current
            var proposed = old
            proposed[keyPath: keyPath] = newValue
            var probe = old
            var writes: [(field: AnyKeyPath, value: any Sendable, write: PartWrite<Part>)] = []
            for field in fields {
                guard let value = field.changedValue(from: old, to: proposed),
                    let write = field.fieldWrite(value) as? PartWrite<Part>
                else { continue }
                write.apply(&probe)
                writes.append((field, value, write))
            }
            guard !writes.isEmpty, areEqual(probe[keyPath: keyPath], newValue) else { return nil }
            return writes
        }

        /// The ids of a navigation stack in this part: what `NavigationStack(path:)` binds to
        /// (MultiReduxUI's `$store.stack(\.path)`). Reading them tracks the ids only, not the
        /// screens' contents. A screen a link pushed is listed as the link's own id, the value
        /// SwiftUI appended, while it is on the stack.
        ///
        /// - Parameter keyPath: The stack.
        /// - Returns: Its ids, bottom first.
        package func stackIDs<Element: Sendable>(
            _ keyPath: any WritableKeyPath<Part, StackState<Element>> & Sendable
        ) -> [StackElementID] {
            host.showPending()
            track(members.slot(.ids(keyPath)) { ScopeMembers.ids(keyPath) })
            let ids = current[keyPath: keyPath].ids
            guard let links = linkedIDs[keyPath] else { return ids }
            // A linked screen that left is forgotten: the link's id never comes back.
            let onStack = Set(ids)
            let kept = links.filter { onStack.contains($0.value) }
            linkedIDs[keyPath] = kept.isEmpty ? nil : kept
            let linkOf = Dictionary(uniqueKeysWithValues: kept.map { ($0.value, $0.key) })
            return ids.map { linkOf[$0] ?? $0 }
        }

        /// Writes a navigation stack's ids: a binding write of the stack's field, applied to the
        /// stack as it is when the write is reduced, so screens' changes not shown yet are kept.
        /// The ids left out are popped (the user went back); a link's id SwiftUI appended (a
        /// `NavigationLink(pushing:)` tapped) pushes the link's state.
        ///
        /// - Parameters:
        ///   - ids: The ids, bottom first, as SwiftUI wrote them.
        ///   - keyPath: The stack.
        package func setStackIDs<Element: Sendable>(
            _ ids: [StackElementID], of keyPath: any WritableKeyPath<Part, StackState<Element>> & Sendable
        ) {
            let links = linkedIDs[keyPath] ?? [:]
            var kept: [StackElementID] = []
            var pushes: [(link: StackElementID, element: Element)] = []
            for id in ids {
                if let screen = links[id] {
                    kept.append(screen)
                } else if let linked = id.linkedElement {
                    guard let element = linked as? Element else {
                        host.reportMisuse(
                            "A NavigationLink(pushing:) pushed a \(type(of: linked)) onto \(keyPath), a stack of "
                                + "\(Element.self), so nothing was pushed; push the stack's element type, \(Element.self) (a "
                                + "stack of several kinds of screens holds an enum: push its case).")
                        return
                    }
                    pushes.append((id, element))
                } else {
                    kept.append(id)
                }
            }
            let stays = kept
            guard !pushes.isEmpty else {
                write(field: keyPath, value: ids) { $0[keyPath: keyPath].ids = stays }
                return
            }
            let pushed = pushes.map(\.element)
            let given = PushedIDs()
            write(field: keyPath, value: ids) { part in
                part[keyPath: keyPath].ids = stays
                given.ids = pushed.map { part[keyPath: keyPath].append($0) }
            }
            // The write was applied before `write` returned; each link's id now stands for the
            // screen it pushed.
            var updated = links
            for (push, screen) in zip(pushes, given.ids) {
                updated[push.link] = screen
            }
            linkedIDs[keyPath] = updated.isEmpty ? nil : updated
        }

        /// Sends a write as a binding action of the nearest ``BindableState``.
        ///
        /// - Parameters:
        ///   - field: The field written, whose key path the state must list.
        ///   - value: The value written, for the action's equality and description.
        ///   - apply: The write, applied to this scope's part when the action is reduced.
        func write(field: AnyKeyPath, value: any Sendable, apply: @escaping @Sendable (inout Part) -> Void) {
            guard !isGone else { return }
            guard let route else {
                host.reportMisuse(
                    "A binding wrote \(field) of \(Part.self), but neither \(Part.self) nor a state it was scoped "
                        + "from is a BindableState, so nothing accepts the write; make the feature's state a "
                        + "BindableState and register container.addBindingReducer(for:).")
                return
            }
            host.send(route(field, value, [], apply), owners, address, #fileID, #line)
        }
    }

    /// The ids a stack gave the screens links pushed, noted by the write that pushed them.
    ///
    /// - Note: `@unchecked Sendable`: written once by the write, on the thread that applies it,
    ///   before `write` returns to the main actor that reads it.
    private final class PushedIDs: @unchecked Sendable {
        var ids: [StackElementID] = []
    }
#endif
