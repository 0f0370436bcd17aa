/// What one player has done in the current round.
///
/// The state always holds the truth; a screen that must not spoil player 1's choice for
/// player 2 shows only `chosen` until ``GameState/result`` is set.
public struct Play: Equatable, Sendable {
    /// Whether the player has chosen a weapon this round.
    public var chosen: Bool
    /// The chosen weapon, or `nil` before the player chose.
    public var weapon: Weapon?

    /// Creates a play.
    ///
    /// - Parameters:
    ///   - chosen: Whether the player has chosen.
    ///   - weapon: The chosen weapon.
    public init(chosen: Bool, weapon: Weapon?) {
        self.chosen = chosen
        self.weapon = weapon
    }

    /// A play not made yet.
    public static let none = Play(chosen: false, weapon: nil)
}
