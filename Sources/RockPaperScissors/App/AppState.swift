import MultiRedux

/// The whole state of the game: the round in progress, the score history and the settings.
///
/// Each sub-state is owned by one feature, placed there in ``RockPaperScissorsApp/features``:
/// ``GameFeature`` owns ``game``, ``ScoreHistoryFeature`` owns ``scoreHistory``,
/// ``SettingsFeature`` owns ``settings``. The store reduces them in that order, then the root.
public struct AppState: State, Equatable, Codable {
    /// The round in progress.
    public var game: GameState
    /// Every finished round and the figures derived from them.
    public var scoreHistory: ScoreHistory
    /// Players, opponent and match length.
    public var settings: Settings

    /// A state; by default a fresh round, an empty history and the default settings.
    public init(
        game: GameState = GameState(), scoreHistory: ScoreHistory = ScoreHistory(), settings: Settings = Settings()
    ) {
        self.game = game
        self.scoreHistory = scoreHistory
        self.settings = settings
    }
}
