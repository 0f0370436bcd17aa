public import ReduxCore

/// What a confirmation dialog shows: a title, whether to show it, an optional message, and the
/// choices.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(
///     title: "Share",
///     buttons: [ButtonState("Copy link", action: .copyLink), ButtonState("Send by mail", action: .mail)])
/// ```
///
/// SwiftUI may add a cancel button of its own on some platforms when no button has the
/// ``ButtonRole/cancel`` role. A plain value, not `Identifiable`: two dialogs built separately with
/// equal contents are equal.
public struct ConfirmationDialogState<ButtonAction: Action>: Sendable {
    /// Whether the dialog shows its title, as SwiftUI's `Visibility` says.
    ///
    /// Encodes as its name (`"automatic"`, `"visible"`, `"hidden"`).
    public enum TitleVisibility: String, Hashable, Sendable, Codable {
        /// The platform decides.
        case automatic
        /// The title is shown.
        case visible
        /// The title is hidden.
        case hidden
    }

    /// The dialog's title.
    public var title: String
    /// Whether the title is shown.
    public var titleVisibility: TitleVisibility
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order.
    public var buttons: [ButtonState<ButtonAction>]

    /// Creates a confirmation dialog.
    ///
    /// - Parameters:
    ///   - title: The dialog's title.
    ///   - titleVisibility: Whether the title is shown; the platform decides by default.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order.
    public init(
        title: String, titleVisibility: TitleVisibility = .automatic, message: String? = nil,
        buttons: [ButtonState<ButtonAction>]
    ) {
        self.title = title
        self.titleVisibility = titleVisibility
        self.message = message
        self.buttons = buttons
    }
}

extension ConfirmationDialogState: Equatable where ButtonAction: Equatable {}
extension ConfirmationDialogState: Hashable where ButtonAction: Hashable {}
extension ConfirmationDialogState: Codable where ButtonAction: Codable {}
