import MultiRedux
import ReduxPersistence

/// The score feature keeps its part of the state, the score, in the state file.
extension ScoreFeature: PersistentFeature {
    typealias PersistedValue = Score
}

/// The game whose score is kept between runs; the round being played starts fresh.
enum KeptScoreApp {
    static var features: [PlacedFeature<AppState>] {
        [GameFeature().at(\.game), ScoreFeature().at(\.score, persistedAs: "score")]
    }
}
