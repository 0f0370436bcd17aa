#if canImport(SwiftUI)
    internal import ReduxUI
    internal import SwiftUI

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
