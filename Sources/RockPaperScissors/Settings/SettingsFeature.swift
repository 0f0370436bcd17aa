import MultiRedux

/// Owns ``Settings``: applies valid changes and restores the defaults on a full reset.
///
/// Registers, on `Settings`:
/// - a reduce function for ``UpdateSettingsAction`` that applies the change if it is valid and
///   otherwise leaves the settings unchanged (the caller should have validated it);
/// - a reduce function for ``ResetAction`` that restores the defaults when the reset includes
///   the settings.
public struct SettingsFeature: LogicFeature {
    /// Creates the feature.
    public init() {}

    /// Registers the settings' reducers.
    ///
    /// - Parameter container: The app's reducer container.
    public func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, action: UpdateSettingsAction, state: inout Settings) in
            if let changed = try? state.applying(action.change) {
                state = changed
            }
        })
        container.addReduceFunction(reduceFunction: { (_, action: ResetAction, state: inout Settings) in
            if action.includesSettings {
                state = Settings()
            }
        })
    }
}
