import MultiRedux

/// The whole app's state: one part per feature.
struct AppState: State, Equatable, Codable {
    var game = GameState()
    var score = Score()
    var players = Players()
}
