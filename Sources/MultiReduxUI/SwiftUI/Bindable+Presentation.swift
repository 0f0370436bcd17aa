#if canImport(SwiftUI)
    public import ReduxUI
    public import SwiftUI

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Bindable {
        /// A binding to the scope of an optional part: what SwiftUI's item presentations take, so a
        /// child feature's state is presented as a sheet, a popover, a full-screen cover or a
        /// navigation destination while it is there.
        ///
        /// ```swift
        /// @Bindable var store: ScopedStore<ContactList>
        ///
        /// .sheet(item: $store.scope(\.addContact)) { form in ContactFormView(store: form) }
        /// .navigationDestination(item: $store.scope(\.detail)) { detail in ContactDetailView(store: detail) }
        /// ```
        ///
        /// Setting the part in state presents it; setting it to nil (a reducer's choice) dismisses
        /// it. When the user dismisses it (a swipe, the back button) the binding writes nil, which
        /// is a ``BindingAction`` like any binding write: list the field in the state's
        /// ``BindableState/bindableFields``.
        ///
        /// - Parameter keyPath: The optional part.
        /// - Returns: A binding to the part's scope, nil while the part is nil.
        @MainActor
        public func scope<Part, Child: Sendable>(
            _ keyPath: any WritableKeyPath<Part, Child?> & Sendable
        ) -> Binding<ScopedStore<Child>?> where Value == ScopedStore<Part> {
            let store = wrappedValue
            return Binding {
                store.scope(keyPath)
            } set: { newValue in
                // A binding can only take the part away: a scope comes from the state, not into it.
                guard newValue == nil, store.scope(keyPath) != nil else { return }
                store[dynamicMember: keyPath as WritableKeyPath<Part, Child?>] = nil
            }
        }

        /// A binding to the scope of one case of an optional enum of destinations: what SwiftUI's
        /// item presentations take, one modifier per case, so two can never be up at once.
        ///
        /// ```swift
        /// .sheet(item: $store.scope(\.destination, case: Destination.edit)) { form in EditView(store: form) }
        /// .navigationDestination(item: $store.scope(\.destination, case: Destination.detail)) { DetailView(store: $0) }
        /// ```
        ///
        /// When the user dismisses the case's presentation the binding writes nil to the
        /// destination, a ``BindingAction`` like any binding write: list the destination in the
        /// state's ``BindableState/bindableFields``.
        ///
        /// - Parameters:
        ///   - keyPath: The optional enum.
        ///   - embed: The case's constructor: `Destination.edit`.
        /// - Returns: A binding to the case's scope, nil while the destination is another case or nil.
        @MainActor
        public func scope<Part, Destination: Sendable, Child: Sendable>(
            _ keyPath: any WritableKeyPath<Part, Destination?> & Sendable,
            case embed: @escaping @Sendable (Child) -> Destination
        ) -> Binding<ScopedStore<Child>?> where Value == ScopedStore<Part> {
            let store = wrappedValue
            return Binding {
                store.scope(keyPath, case: embed)
            } set: { newValue in
                // Only that case's presentation can take the destination away.
                guard newValue == nil, store.scope(keyPath, case: embed) != nil else { return }
                store[dynamicMember: keyPath as WritableKeyPath<Part, Destination?>] = nil
            }
        }
    }

    /// Whether an optional part is there, as the binding `isPresented:` takes: SwiftUI's dismissal
    /// writes nil through the scope.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    func presentation<Part, Value: Sendable>(
        _ store: ScopedStore<Part>, _ keyPath: any WritableKeyPath<Part, Value?> & Sendable
    ) -> Binding<Bool> {
        Binding {
            store[dynamicMember: keyPath as KeyPath<Part, Value?>] != nil
        } set: { isPresented in
            guard !isPresented, store[dynamicMember: keyPath as KeyPath<Part, Value?>] != nil else { return }
            store[dynamicMember: keyPath as WritableKeyPath<Part, Value?>] = nil
        }
    }

    /// Whether an optional enum of destinations is one case, as the binding `isPresented:` takes:
    /// SwiftUI's dismissal writes nil to the destination while it is still that case.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    func casePresentation<Part, Destination: Sendable, Child: Sendable>(
        _ store: ScopedStore<Part>, _ keyPath: any WritableKeyPath<Part, Destination?> & Sendable,
        _ embed: @escaping @Sendable (Child) -> Destination
    ) -> Binding<Bool> {
        let scope = Bindable(store).scope(keyPath, case: embed)
        return Binding {
            scope.wrappedValue != nil
        } set: { isPresented in
            if !isPresented { scope.wrappedValue = nil }
        }
    }
#endif
