internal import ReduxCore

/// An action a journal holds that no feature of the store reading it handles (a delegate action
/// a feature sent with no parent in the store): replaying it changes nothing, as applying it
/// would, so a journal read for that store keeps it in its place as this, and the store neither
/// applies it nor reports it as unhandled.
package struct UnansweredAction: Action {
    /// The recorded action's type name, as the journal wrote it.
    package let typeName: String

    /// The placeholder of a recorded action of `typeName`.
    package init(typeName: String) {
        self.typeName = typeName
    }
}
