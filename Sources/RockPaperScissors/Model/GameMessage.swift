/// The line the game shows: whose turn it is, or how the round ended.
///
/// The raw values are the exact texts players see.
public enum GameMessage: String, CaseIterable, Codable, Sendable {
    /// Player 1 is to choose.
    case player1Choose = "PLAYER 1 - Choose your weapon:"
    /// Player 2 is to choose.
    case player2Choose = "PLAYER 2 - Choose your weapon:"
    /// The round went to player 1.
    case player1Wins = "PLAYER 1 WINS!"
    /// The round went to player 2.
    case player2Wins = "PLAYER 2 WINS!"
    /// Nobody won the round.
    case draw = "DRAW!"
}
