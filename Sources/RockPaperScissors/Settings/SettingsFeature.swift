import MultiRedux

/// Owns ``Settings``: applies an ``UpdateSettingsAction`` if its change is valid (an invalid one,
/// which the caller should have refused, leaves the settings as they were), and restores the
/// defaults on a ``ResetAction`` that includes the settings.
public struct SettingsFeature: LogicFeature {
    /// Creates the feature.
    public init() {}

    /// Registers the settings' reducers.
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
