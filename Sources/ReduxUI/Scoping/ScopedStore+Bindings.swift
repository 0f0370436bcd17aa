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
        /// - Parameter keyPath: The member.
        public subscript<Member: Sendable>(dynamicMember keyPath: WritableKeyPath<Part, Member>) -> Member {
            get {
                track(members.slot(member: keyPath))
                return current[keyPath: keyPath]
            }
            set {
                write(newValue, to: keyPath)
            }
        }

        /// Sends a write of one member as a binding action.
        func write<Member: Sendable>(_ value: Member, to keyPath: WritableKeyPath<Part, Member>) {
            guard !isGone else { return }
            guard let route else {
                host.reportMisuse(
                    "A binding wrote \(keyPath) of \(Part.self), but neither \(Part.self) nor a state it was scoped "
                        + "from is a BindableState, so nothing accepts the write; make the feature's state a "
                        + "BindableState and register container.addBindingReducer(for:).")
                return
            }
            let field = SendableKeyPath(keyPath)
            let action = route(keyPath, value, []) { $0[keyPath: field.keyPath] = value }
            host.send(action, owners, #fileID, #line)
        }
    }
#endif
