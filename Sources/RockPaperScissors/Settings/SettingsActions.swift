import MultiRedux

/// Changes one setting.
///
/// Check the change first (``SettingsChange/validate()``, or build it with
/// ``SettingsChange/init(key:value:)``); the settings reducer ignores an invalid change and
/// leaves the settings as they were.
public struct UpdateSettingsAction: Action, Equatable, Codable {
    /// The change to make.
    public var change: SettingsChange

    /// Creates the action.
    ///
    /// - Parameter change: The change to make.
    public init(change: SettingsChange) {
        self.change = change
    }
}
