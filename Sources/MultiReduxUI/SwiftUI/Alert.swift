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

        /// Shows a confirmation dialog while a part of the state holds one: its buttons dispatch
        /// their actions, and its dismissal writes nil to the part.
        ///
        /// ```swift
        /// .confirmationDialog(store, \.confirmDelete)
        /// ```
        ///
        /// As ``alert(_:_:)`` does: list the field in the state's ``BindableState/bindableFields``.
        ///
        /// - Parameters:
        ///   - store: The scope whose part holds the dialog.
        ///   - keyPath: The optional dialog.
        /// - Returns: The view, with the dialog attached.
        public func confirmationDialog<Part, ButtonAction>(
            _ store: ScopedStore<Part>,
            _ keyPath: any WritableKeyPath<Part, ConfirmationDialogState<ButtonAction>?> & Sendable
        ) -> some View {
            let dialog = store[dynamicMember: keyPath as KeyPath<Part, ConfirmationDialogState<ButtonAction>?>]
            let visibility: Visibility =
                switch dialog?.titleVisibility ?? .automatic {
                case .automatic: .automatic
                case .visible: .visible
                case .hidden: .hidden
                }
            return self.confirmationDialog(
                dialog?.title ?? "", isPresented: presentation(store, keyPath), titleVisibility: visibility,
                presenting: dialog
            ) { dialog in
                buttons(dialog.buttons, store)
            } message: { dialog in
                if let message = dialog.message { Text(message) }
            }
        }
    }

    /// Whether an optional part is there, as the binding `isPresented:` takes: SwiftUI's dismissal
    /// writes nil through the scope.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    private func presentation<Part, Value: Sendable>(
        _ store: ScopedStore<Part>, _ keyPath: any WritableKeyPath<Part, Value?> & Sendable
    ) -> Binding<Bool> {
        Binding {
            store[dynamicMember: keyPath as KeyPath<Part, Value?>] != nil
        } set: { isPresented in
            guard !isPresented, store[dynamicMember: keyPath as KeyPath<Part, Value?>] != nil else { return }
            store[dynamicMember: keyPath as WritableKeyPath<Part, Value?>] = nil
        }
    }

    /// The buttons of an alert or dialog, each dispatching its action.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    private func buttons<Part, ButtonAction>(
        _ buttons: [ButtonState<ButtonAction>], _ store: ScopedStore<Part>
    ) -> some View {
        ForEach(buttons.indices, id: \.self) { index in
            let button = buttons[index]
            Button(button.label, role: button.role.map(SwiftUI.ButtonRole.init)) {
                if let action = button.action { store.dispatch(action) }
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension SwiftUI.ButtonRole {
        /// SwiftUI's role for a ``ReduxUI/ButtonRole``.
        init(_ role: ReduxUI.ButtonRole) {
            switch role {
            case .cancel: self = .cancel
            case .destructive: self = .destructive
            }
        }
    }
#endif
