import MultiRedux

/// Assembles the game: the app reducer, the three features and a store or app around them.
///
/// ```swift
/// let store = RockPaperScissorsApp.makeStore()
/// store.dispatch(ChooseWeaponAction(weapon: .rock))
/// store.dispatch(ChooseWeaponAction(weapon: .scissors))
/// store.state.game.message                  // .player1Wins
/// store.state.scoreHistory.rounds.count     // 1
/// ```
public enum RockPaperScissorsApp {
    /// Reduces the game, the score history and the settings in place, in that order, then the
    /// root state (where ``RecordRoundReducer`` runs).
    public static let appReducer: InPlaceAppReducer<AppState> = reduceSubstates(
        Substate(\AppState.game), Substate(\.scoreHistory), Substate(\.settings))

    /// Registers the reducers of all three features in a container.
    ///
    /// - Parameter container: The container to fill.
    public static func injectFeatures(into container: any ReducerContainer) {
        GameFeature().injectReducers(container: container)
        ScoreHistoryFeature().injectReducers(container: container)
        SettingsFeature().injectReducers(container: container)
    }

    /// Makes a store with the app reducer and every feature's reducers.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from, such as one loaded from a ``StateFile``.
    ///   - issueReporter: Where the store reports misuse and diagnostics.
    /// - Returns: A ready store.
    public static func makeStore(
        initialState: AppState = AppState(), issueReporter: IssueReporter = .default
    ) -> Store<AppState> {
        let container = ReducerRegistry(issueReporter: issueReporter)
        injectFeatures(into: container)
        return Store(
            initialState: initialState, appReducer: appReducer, reducerContainer: container,
            issueReporter: issueReporter)
    }

    /// Makes a VISPER-style application with the three features added.
    ///
    /// - Parameter initialState: The state to start from.
    /// - Returns: The application; `app.redux.store` is its store.
    public static func makeApplication(initialState: AppState = AppState()) -> ReduxApp<AppState> {
        let app = ReduxAppFactory().makeApplication(initialState: initialState, appReducer: appReducer)
        app.add(feature: GameFeature())
        app.add(feature: ScoreHistoryFeature())
        app.add(feature: SettingsFeature())
        return app
    }
}
