/// How a round ended.
public enum RoundResult: String, CaseIterable, Codable, Sendable {
    /// Both players chose the same weapon.
    case draw
    /// Player 1's weapon beat player 2's.
    case player1Wins
    /// Player 2's weapon beat player 1's.
    case player2Wins

    /// Decides a round from the two weapons.
    ///
    /// - Parameters:
    ///   - player1: Player 1's weapon.
    ///   - player2: Player 2's weapon.
    public init(player1: Weapon, player2: Weapon) {
        if player1 == player2 {
            self = .draw
        } else {
            self = player1.beats == player2 ? .player1Wins : .player2Wins
        }
    }

    /// The winner, or `nil` for a draw.
    public var winner: Player? {
        switch self {
        case .draw: nil
        case .player1Wins: .one
        case .player2Wins: .two
        }
    }

    /// The message the game shows for this result.
    public var message: GameMessage {
        switch self {
        case .draw: .draw
        case .player1Wins: .player1Wins
        case .player2Wins: .player2Wins
        }
    }
}
