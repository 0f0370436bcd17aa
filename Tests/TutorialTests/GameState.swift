import MultiRedux

/// What a player can choose.
enum Weapon: String, Codable, Sendable {
    case rock, paper, scissors

    /// Whether this weapon wins against the other one.
    func beats(_ other: Weapon) -> Bool {
        switch (self, other) {
        case (.rock, .scissors), (.paper, .rock), (.scissors, .paper): true
        default: false
        }
    }
}

/// How a round ended.
enum Outcome: Equatable, Sendable {
    case player1Wins, player2Wins, draw
}

/// The round being played: player 1 chooses first, then player 2.
struct GameState: State, Equatable, Codable {
    var player1: Weapon?
    var player2: Weapon?

    /// How the round ended, once both players have chosen.
    var outcome: Outcome? {
        guard let player1, let player2 else { return nil }
        if player1.beats(player2) { return .player1Wins }
        if player2.beats(player1) { return .player2Wins }
        return .draw
    }
}

/// The player whose turn it is chooses a weapon.
struct ChooseWeapon: Action, Codable {
    var weapon: Weapon
}
