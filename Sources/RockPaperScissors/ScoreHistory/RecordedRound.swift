/// One finished round as the score history keeps it.
public struct RecordedRound: Codable, Equatable, Sendable {
    /// The round's position in the whole history, starting at 1.
    public let number: Int
    /// The number of the match the round belongs to, starting at 1.
    public let match: Int
    /// The length of that match: best of this many rounds.
    public let bestOf: Int
    /// Player 1's weapon.
    public let player1: Weapon
    /// Player 2's weapon.
    public let player2: Weapon
    /// How the round ended.
    public let result: RoundResult

    /// Creates a record; the result follows from the weapons.
    ///
    /// - Parameters:
    ///   - number: The round's position in the history, from 1.
    ///   - match: The match number, from 1.
    ///   - bestOf: The match length.
    ///   - player1: Player 1's weapon.
    ///   - player2: Player 2's weapon.
    public init(number: Int, match: Int, bestOf: Int, player1: Weapon, player2: Weapon) {
        self.number = number
        self.match = match
        self.bestOf = bestOf
        self.player1 = player1
        self.player2 = player2
        result = RoundResult(player1: player1, player2: player2)
    }

    /// The weapon a player chose.
    ///
    /// - Parameter player: The seat.
    /// - Returns: That player's weapon.
    public func weapon(of player: Player) -> Weapon {
        player == .one ? player1 : player2
    }
}
