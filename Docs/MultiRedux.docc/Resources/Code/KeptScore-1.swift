import MultiRedux
import ReduxPersistence

/// The score feature keeps its part of the state, the score, in the state file.
extension ScoreFeature: PersistentFeature {
    typealias PersistedValue = Score
}
