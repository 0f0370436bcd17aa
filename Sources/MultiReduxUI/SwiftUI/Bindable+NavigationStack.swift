#if canImport(SwiftUI)
    public import ReduxUI
    public import SwiftUI

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Bindable {
        /// A binding to the ids of a navigation stack in the part: what `NavigationStack(path:)`
        /// takes.
        ///
        /// ```swift
        /// NavigationStack(path: $store.stack(\.path)) {
        ///     ContactListContent(store: store)
        ///         .navigationDestination(for: StackElementID.self) { id in
        ///             if let detail = store.scope(\.path, id: id) { ContactDetailView(store: detail) }
        ///         }
        /// }
        /// ```
        ///
        /// Reading it tracks the ids only: a change inside a pushed screen does not invalidate the
        /// view that holds the stack. When the user goes back, SwiftUI writes the shorter list: a
        /// ``BindingAction`` of the stack's field (list it in the state's
        /// ``BindableState/bindableFields``) that pops the stack as it is when the write is
        /// reduced, so a screen's changes that were not shown yet are kept. A reducer pushes
        /// (`state.path.append(…)`); so does a `NavigationLink(pushing:)` in the stack, through
        /// this binding. Any other id a write adds pushes nothing.
        ///
        /// - Parameter keyPath: The stack.
        /// - Returns: A binding to its ids, bottom first.
        @MainActor
        public func stack<Part, Element: Sendable>(
            _ keyPath: any WritableKeyPath<Part, StackState<Element>> & Sendable
        ) -> Binding<[StackElementID]> where Value == ScopedStore<Part> {
            let store = wrappedValue
            return Binding {
                store.stackIDs(keyPath)
            } set: { ids in
                store.setStackIDs(ids, of: keyPath)
            }
        }
    }
#endif
