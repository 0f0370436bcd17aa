#if canImport(SwiftUI)
    internal import ReduxUI
    internal import SwiftUI

    /// The buttons of an alert or dialog, each dispatching its action.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    func buttons<Part, ButtonAction>(
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
