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
                let field = SendableKeyPath(keyPath)
                write(field: keyPath, value: newValue) { $0[keyPath: field.keyPath] = newValue }
            }
        }

        /// The ids of a navigation stack in this part: what `NavigationStack(path:)` binds to
        /// (MultiReduxUI's `$store.stack(\.path)`). Reading them tracks the ids only, not the
        /// screens' contents.
        ///
        /// - Parameter keyPath: The stack.
        /// - Returns: Its ids, bottom first.
        package func stackIDs<Element: Sendable>(
            _ keyPath: any WritableKeyPath<Part, StackState<Element>> & Sendable
        ) -> [StackElementID] {
            host.showPending()
            track(members.slot(.ids(keyPath)) { ScopeMembers.ids(keyPath) })
            return current[keyPath: keyPath].ids
        }

        /// Writes a navigation stack's ids (the user went back): a binding write of the stack's
        /// field that pops, applied to the stack as it is when the write is reduced, so screens'
        /// changes not shown yet are kept.
        ///
        /// - Parameters:
        ///   - ids: The ids that stay, bottom first.
        ///   - keyPath: The stack.
        package func setStackIDs<Element: Sendable>(
            _ ids: [StackElementID], of keyPath: any WritableKeyPath<Part, StackState<Element>> & Sendable
        ) {
            write(field: keyPath, value: ids) { $0[keyPath: keyPath].ids = ids }
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
#endif
