/// How a round ended.
package enum RoundResult: String, CaseIterable, Codable, Sendable {
    case draw
    case player1Wins
    case player2Wins

    package init(player1: Weapon, player2: Weapon) {
        if player1 == player2 {
            self = .draw
        } else {
            self = player1.beats == player2 ? .player1Wins : .player2Wins
        }
    }

    package var winner: Player? {
        switch self {
        case .draw: nil
        case .player1Wins: .one
        case .player2Wins: .two
        }
    }

    package var message: GameMessage {
        switch self {
        case .draw: .draw
        case .player1Wins: .player1Wins
        case .player2Wins: .player2Wins
        }
    }
}

/// The line the game shows: whose turn it is, or how the round ended. The raw values are the
/// seed's exact texts.
package enum GameMessage: String, CaseIterable, Codable, Sendable {
    case player1Choose = "PLAYER 1 - Choose your weapon:"
    case player2Choose = "PLAYER 2 - Choose your weapon:"
    case player1Wins = "PLAYER 1 WINS!"
    case player2Wins = "PLAYER 2 WINS!"
    case draw = "DRAW!"
}
