#if canImport(SwiftUI)
    public import ReduxUI
    public import SwiftUI

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension View {
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
#endif
