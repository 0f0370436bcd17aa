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
            return showing(dialog, isPresented: presentation(store, keyPath), store)
        }

        /// Shows a confirmation dialog while an optional enum of what a screen presents is its
        /// dialog case: its buttons dispatch their actions, and its dismissal writes nil to the
        /// destination.
        ///
        /// ```swift
        /// .confirmationDialog(store, \.destination, case: Destination.confirmDelete)
        /// ```
        ///
        /// As ``alert(_:_:case:)`` does: list the destination in the state's
        /// ``BindableState/bindableFields``.
        ///
        /// - Parameters:
        ///   - store: The scope whose part holds the destination.
        ///   - keyPath: The optional enum of destinations.
        ///   - embed: The dialog's case: `Destination.confirmDelete`.
        /// - Returns: The view, with the dialog attached.
        public func confirmationDialog<Part, Destination: Sendable, ButtonAction>(
            _ store: ScopedStore<Part>, _ keyPath: any WritableKeyPath<Part, Destination?> & Sendable,
            case embed: @escaping @Sendable (ConfirmationDialogState<ButtonAction>) -> Destination
        ) -> some View {
            let dialog = store.scope(keyPath, case: embed)?[
                dynamicMember: \ConfirmationDialogState<ButtonAction>.self]
            return showing(dialog, isPresented: casePresentation(store, keyPath, embed), store)
        }

        /// SwiftUI's confirmation dialog for a dialog's state, its buttons dispatching from `store`.
        private func showing<Part, ButtonAction>(
            _ dialog: ConfirmationDialogState<ButtonAction>?, isPresented: Binding<Bool>, _ store: ScopedStore<Part>
        ) -> some View {
            let visibility: Visibility =
                switch dialog?.titleVisibility ?? .automatic {
                case .automatic: .automatic
                case .visible: .visible
                case .hidden: .hidden
                }
            return self.confirmationDialog(
                dialog?.title ?? "", isPresented: isPresented, titleVisibility: visibility, presenting: dialog
            ) { dialog in
                buttons(dialog.buttons, store)
            } message: { dialog in
                if let message = dialog.message { Text(message) }
            }
        }
    }
#endif
