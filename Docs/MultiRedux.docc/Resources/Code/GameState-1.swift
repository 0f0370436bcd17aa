import MultiRedux

/// What a player can choose.
enum Weapon: String, Codable, Sendable {
    case rock, paper, scissors
}
