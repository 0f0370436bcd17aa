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
