import MultiRedux

/// The finished rounds, counted.
struct Score: State, Equatable, Codable {
    var player1Wins = 0
    var player2Wins = 0
    var draws = 0
}
