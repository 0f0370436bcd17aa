import Foundation
import ReduxCore
import ReduxUI
import Testing

/// Alerts and confirmation dialogs are plain values: equal when built alike, different when any
/// label, role, action or text differs, and `Codable` when their action is.
@Suite struct AlertStateTests {
    enum TodoAction: Action, Hashable, Codable {
        case delete(id: Int)
        case archive(id: Int)
        case undo
    }

    static let deleteAlert = AlertState<TodoAction>(
        title: "Delete “Milk”?", message: "This cannot be undone.",
        buttons: [.destructive("Delete", action: .delete(id: 1)), .cancel("Keep")])

    @Test("two alerts built separately with the same contents are equal and hash alike")
    func equalWhenBuiltAlike() {
        let again = AlertState<TodoAction>(
            title: "Delete “Milk”?", message: "This cannot be undone.",
            buttons: [
                ButtonState("Delete", role: .destructive, action: .delete(id: 1)),
                ButtonState("Keep", role: .cancel),
            ])
        #expect(again == Self.deleteAlert)
        #expect(Set([again, Self.deleteAlert]).count == 1)
    }

    @Test(
        "alerts differ when one thing differs",
        arguments: [
            (
                "title",
                AlertState<TodoAction>(
                    title: "Delete?", message: "This cannot be undone.", buttons: deleteAlert.buttons)
            ),
            ("no message", AlertState(title: "Delete “Milk”?", buttons: deleteAlert.buttons)),
            (
                "another action",
                AlertState(
                    title: "Delete “Milk”?", message: "This cannot be undone.",
                    buttons: [.destructive("Delete", action: .delete(id: 2)), .cancel("Keep")])
            ),
            (
                "an action on the cancel button",
                AlertState(
                    title: "Delete “Milk”?", message: "This cannot be undone.",
                    buttons: [.destructive("Delete", action: .delete(id: 1)), .cancel("Keep", action: .undo)])
            ),
            (
                "no role",
                AlertState(
                    title: "Delete “Milk”?", message: "This cannot be undone.",
                    buttons: [ButtonState("Delete", action: .delete(id: 1)), .cancel("Keep")])
            ),
            (
                "another label",
                AlertState(
                    title: "Delete “Milk”?", message: "This cannot be undone.",
                    buttons: [.destructive("Remove", action: .delete(id: 1)), .cancel("Keep")])
            ),
            (
                "buttons in another order",
                AlertState(
                    title: "Delete “Milk”?", message: "This cannot be undone.",
                    buttons: [.cancel("Keep"), .destructive("Delete", action: .delete(id: 1))])
            ),
            ("no buttons", AlertState(title: "Delete “Milk”?", message: "This cannot be undone.")),
        ])
    func differentAlerts(difference: String, alert: AlertState<TodoAction>) {
        #expect(alert != Self.deleteAlert, "\(difference)")
    }

    @Test("the button helpers set the role, and a button without an action only dismisses")
    func buttonHelpers() {
        let cancel = ButtonState<TodoAction>.cancel("Cancel")
        #expect(cancel.role == .cancel)
        #expect(cancel.action == nil)
        let destroy = ButtonState<TodoAction>.destructive("Delete")
        #expect(destroy.role == .destructive)
        #expect(destroy.action == nil)
        let plain = ButtonState("Archive", action: TodoAction.archive(id: 3))
        #expect(plain.role == nil)
        #expect(plain.action == .archive(id: 3))
    }

    @Test("an alert made without buttons keeps an empty list (SwiftUI shows OK)")
    func noButtons() {
        let alert = AlertState<TodoAction>(title: "Saved")
        #expect(alert.buttons.isEmpty)
        #expect(alert.message == nil)
        #expect(alert == AlertState(title: "Saved", buttons: []))
    }

    @Test("an alert with a Codable action survives a JSON round trip; roles encode as names")
    func alertCodableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.deleteAlert)
        #expect(try JSONDecoder().decode(AlertState<TodoAction>.self, from: data) == Self.deleteAlert)
        #expect(String(decoding: data, as: UTF8.self).contains(#""role":"destructive""#))
    }

    @Test("confirmation dialogs compare every field and survive a JSON round trip")
    func confirmationDialog() throws {
        let dialog = ConfirmationDialogState<TodoAction>(
            title: "Milk", titleVisibility: .visible, message: "What now?",
            buttons: [ButtonState("Archive", action: .archive(id: 1)), .destructive("Delete", action: .delete(id: 1))])
        #expect(dialog.titleVisibility == .visible)
        #expect(ConfirmationDialogState<TodoAction>(title: "Milk", buttons: []).titleVisibility == .automatic)

        var hidden = dialog
        hidden.titleVisibility = .hidden
        #expect(hidden != dialog)
        var reordered = dialog
        reordered.buttons.reverse()
        #expect(reordered != dialog)
        #expect(Set([dialog, hidden, dialog]).count == 2)

        let data = try JSONEncoder().encode(hidden)
        #expect(try JSONDecoder().decode(ConfirmationDialogState<TodoAction>.self, from: data) == hidden)
        #expect(String(decoding: data, as: UTF8.self).contains(#""titleVisibility":"hidden""#))
    }
}
