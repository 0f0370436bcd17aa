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
            return self.alert(
                alert?.title ?? "", isPresented: presentation(store, keyPath), presenting: alert
            ) { alert in
                buttons(alert.buttons, store)
            } message: { alert in
                if let message = alert.message { Text(message) }
            }
        }
    }
#endif
