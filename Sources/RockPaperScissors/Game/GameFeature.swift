import MultiRedux

/// Owns ``GameState``: registers the reducers that play a round.
///
/// ```swift
/// let app = RockPaperScissorsApp.makeApplication()   // adds GameFeature among others
/// ```
///
/// Registers, all on `GameState`:
/// - ``ChooseWeaponReducer`` for ``ChooseWeaponAction``;
/// - a reduce function for ``NewRoundAction`` and one for ``ResetAction`` that start a fresh round.
public struct GameFeature: LogicFeature {
    /// Creates the feature.
    public init() {}

    /// Registers the game's reducers.
    ///
    /// - Parameter container: The app's reducer container.
    public func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ChooseWeaponReducer())
        container.addReduceFunction(reduceFunction: { (_, _: NewRoundAction, state: inout GameState) in
            state = GameState()
        })
        container.addReduceFunction(reduceFunction: { (_, _: ResetAction, state: inout GameState) in
            state = GameState()
        })
    }
}
