public import ReduxCore

/// What an alert shows: a title, an optional message, and its buttons.
///
/// The state holds an optional alert; the view shows it while it is not nil and a button sends its
/// action to the store:
///
/// ```swift
/// state.alert = AlertState(
///     title: "Delete “Milk”?",
///     message: "This cannot be undone.",
///     buttons: [.destructive("Delete", action: .confirmDelete(id)), .cancel("Keep")])
/// ```
///
/// A plain value, not `Identifiable`: two alerts built separately with equal contents are equal,
/// so a test asserts the alert a reducer shows.
public struct AlertState<ButtonAction: Action>: Sendable {
    /// The alert's title.
    public var title: String
    /// The text under the title, if any.
    public var message: String?
    /// The buttons, in order. Empty: SwiftUI shows one "OK" button that only closes the alert.
    public var buttons: [ButtonState<ButtonAction>]

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - title: The alert's title.
    ///   - message: The text under the title, if any.
    ///   - buttons: The buttons, in order. With none (the default), the alert keeps an empty list
    ///     and SwiftUI shows one "OK" button that only closes it.
    public init(title: String, message: String? = nil, buttons: [ButtonState<ButtonAction>] = []) {
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

extension AlertState: Equatable where ButtonAction: Equatable {}
extension AlertState: Hashable where ButtonAction: Hashable {}
extension AlertState: Codable where ButtonAction: Codable {}
