/// Consecutive rounds won by the same player.
///
/// A round won by the other player, or a draw, ends a streak.
public struct Streak: Equatable, Sendable {
    /// The player on the streak.
    public var player: Player
    /// Rounds won in a row.
    public var length: Int

    /// Creates a streak.
    ///
    /// - Parameters:
    ///   - player: The player on the streak.
    ///   - length: Rounds won in a row.
    public init(player: Player, length: Int) {
        self.player = player
        self.length = length
    }
}
