/// What one person did as player 1: the weapons they chose and the last one, for the computer
/// strategies that learn from the player they face.
///
/// ```swift
/// var history = ScoreHistory()
/// history.record(player1: .rock, player2: .paper, bestOf: 3)
/// history.habits(ofPlayer1Named: "Player 1").lastWeapon   // .rock
/// history.habits(ofPlayer1Named: "Ann").lastWeapon        // nil: Ann has not played
/// ```
public struct PlayerHabits: Equatable, Sendable {
    /// How often the player chose each weapon.
    public private(set) var weapons = WeaponCounts()
    /// The weapon the player chose last, or `nil` before their first round.
    public private(set) var lastWeapon: Weapon?

    /// Creates the habits of a player who has not played.
    public init() {}

    /// Counts one more choice.
    ///
    /// - Parameter weapon: The chosen weapon.
    /// - Complexity: O(1).
    mutating func add(_ weapon: Weapon) {
        weapons.add(weapon)
        lastWeapon = weapon
    }
}
