#if canImport(SwiftUI)
    public import ReduxUI
    public import SwiftUI

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension View {
        /// Shows an alert while a part of the state holds one: its buttons dispatch their actions,
        /// and its dismissal writes nil to the part.
        ///
        /// ```swift
        /// List { … }
        ///     .alert(store, \.alert)   // store.alert: AlertState<ContactListAction>?
        /// ```
        ///
        /// A reducer presents the alert by setting the part, and a test asserts the value. A tap on
        /// a button dispatches its action, if it has one; then SwiftUI dismisses the alert, which
        /// is a ``BindingAction`` writing nil: list the field in the state's
        /// ``BindableState/bindableFields``.
        ///
        /// - Parameters:
        ///   - store: The scope whose part holds the alert.
        ///   - keyPath: The optional alert.
        /// - Returns: The view, with the alert attached.
        public func alert<Part, ButtonAction>(
            _ store: ScopedStore<Part>, _ keyPath: any WritableKeyPath<Part, AlertState<ButtonAction>?> & Sendable
        ) -> some View {
            let alert = store[dynamicMember: keyPath as KeyPath<Part, AlertState<ButtonAction>?>]
            return showing(alert, isPresented: presentation(store, keyPath), store)
        }

        /// Shows an alert while an optional enum of what a screen presents is its alert case: its
        /// buttons dispatch their actions, and its dismissal writes nil to the destination.
        ///
        /// ```swift
        /// .alert(store, \.destination, case: Destination.alert)   // case alert(AlertState<DetailAlert>)
        /// .sheet(item: $store.scope(\.destination, case: Destination.edit)) { EditView(store: $0) }
        /// ```
        ///
        /// Beside the other cases' presentations, so two can never be up at once. A tap on a button
        /// dispatches its action from `store`, then SwiftUI's dismissal writes nil to the
        /// destination if it is still the alert: list the destination in the state's
        /// ``BindableState/bindableFields``.
        ///
        /// - Parameters:
        ///   - store: The scope whose part holds the destination.
        ///   - keyPath: The optional enum of destinations.
        ///   - embed: The alert's case: `Destination.alert`.
        /// - Returns: The view, with the alert attached.
        public func alert<Part, Destination: Sendable, ButtonAction>(
            _ store: ScopedStore<Part>, _ keyPath: any WritableKeyPath<Part, Destination?> & Sendable,
            case embed: @escaping @Sendable (AlertState<ButtonAction>) -> Destination
        ) -> some View {
            let alert = store.scope(keyPath, case: embed)?[dynamicMember: \AlertState<ButtonAction>.self]
            return showing(alert, isPresented: casePresentation(store, keyPath, embed), store)
        }

        /// SwiftUI's alert for an alert's state, its buttons dispatching from `store`.
        private func showing<Part, ButtonAction>(
            _ alert: AlertState<ButtonAction>?, isPresented: Binding<Bool>, _ store: ScopedStore<Part>
        ) -> some View {
            self.alert(alert?.title ?? "", isPresented: isPresented, presenting: alert) { alert in
                buttons(alert.buttons, store)
            } message: { alert in
                if let message = alert.message { Text(message) }
            }
        }
    }
#endif
