import MultiRedux
import ReduxPersistence
import ReduxTimeTravel

/// Assembles the game from its three features, each placed at the sub-state it owns.
///
/// ```swift
/// let store = RockPaperScissorsApp.makeStore()
/// store.dispatch(ChooseWeaponAction(weapon: .rock))
/// store.dispatch(ChooseWeaponAction(weapon: .scissors))
/// store.state.game.message                  // .player1Wins
/// store.state.scoreHistory.rounds.count     // 1
/// ```
public enum RockPaperScissorsApp {
    /// The game's features at their places in ``AppState``, in the order the store reduces them;
    /// the reducers they register on `AppState` itself (``RecordRoundReducer``) run after all
    /// three. The game's place declares what it reads (the computer learns from the score
    /// history); the score history and the settings are kept between runs (`persistedAs:`), the
    /// round in progress is not. Tests build their stores from this list too.
    public static var features: [PlacedFeature<AppState>] {
        [
            GameFeature().at(\.game, reading: \.scoreHistory),
            ScoreHistoryFeature().at(\.scoreHistory, persistedAs: "scoreHistory"),
            SettingsFeature().at(\.settings, persistedAs: "settings"),
        ]
    }

    /// Makes a store from the game's ``features``, with the middleware that keeps the
    /// computer's turn its own (`Middleware.computerTurnGuard`).
    ///
    /// - Parameters:
    ///   - initialState: The state to start from, such as one a test sets up.
    ///   - issueReporter: Where the store reports misuse and diagnostics.
    ///   - dependencies: The computer (its seed) and its thinking time; by default a computer
    ///     seeded at random that does not pause.
    public static func makeStore(
        initialState: AppState = AppState(), issueReporter: IssueReporter = .default,
        dependencies: Dependencies = Dependencies()
    ) -> Store<AppState> {
        Store(
            initialState: initialState, features: features, middleware: [.computerTurnGuard],
            issueReporter: issueReporter, dependencies: dependencies)
    }
}
