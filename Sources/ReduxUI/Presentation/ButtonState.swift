public import ReduxCore

/// What a button of an alert or dialog does to the data it shows: nothing special (no role),
/// cancel, or destroy.
///
/// Encodes as its name (`"cancel"`, `"destructive"`).
public enum ButtonRole: String, Hashable, Sendable, Codable {
    /// The button cancels: it closes the alert or dialog and changes nothing.
    case cancel
    /// The button deletes or destroys data; SwiftUI shows it in red.
    case destructive
}

/// One button of an alert or a confirmation dialog: its label, its role, and the action it sends.
///
/// Every button closes the alert or dialog; one with an action also sends it to the store:
///
/// ```swift
/// ButtonState("Delete", role: .destructive, action: TodoAction.confirmDelete)
/// ButtonState<TodoAction>.cancel("Keep")  // only closes
/// ```
///
/// A plain value: two buttons with equal labels, roles and actions are equal, however they were
/// made (so a test compares an alert it builds with the one in the state).
public struct ButtonState<ButtonAction: Action>: Sendable {
    /// The text on the button.
    public var label: String
    /// What the button does to the data the alert or dialog shows; nil for a plain button.
    public var role: ButtonRole?
    /// The action the button sends, or nil when the button only closes the alert or dialog.
    public var action: ButtonAction?

    /// Creates a button.
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - role: What the button does to the data shown; nil for a plain button.
    ///   - action: The action the button sends; nil when it only closes the alert or dialog.
    public init(_ label: String, role: ButtonRole? = nil, action: ButtonAction? = nil) {
        self.label = label
        self.role = role
        self.action = action
    }

    /// A button with the cancel role.
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: The action the button sends; nil (the usual case) when it only closes.
    /// - Returns: The button.
    public static func cancel(_ label: String, action: ButtonAction? = nil) -> Self {
        Self(label, role: .cancel, action: action)
    }

    /// A button with the destructive role.
    ///
    /// - Parameters:
    ///   - label: The text on the button.
    ///   - action: The action the button sends (the destruction); nil when it only closes.
    /// - Returns: The button.
    public static func destructive(_ label: String, action: ButtonAction? = nil) -> Self {
        Self(label, role: .destructive, action: action)
    }
}

extension ButtonState: Equatable where ButtonAction: Equatable {}
extension ButtonState: Hashable where ButtonAction: Hashable {}
extension ButtonState: Codable where ButtonAction: Codable {}
