/// One finished round as the score history keeps it, with who played it.
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
    /// Who played the round: the names and the opponent when it was played.
    public let lineup: Lineup

    /// Creates a record; the result follows from the weapons.
    ///
    /// - Parameters:
    ///   - number: The round's position in the history, from 1.
    ///   - match: The match number, from 1.
    ///   - bestOf: The match length.
    ///   - player1: Player 1's weapon.
    ///   - player2: Player 2's weapon.
    ///   - lineup: Who played; by default "Player 1" against the computer's random strategy, the
    ///     players of the default settings.
    public init(number: Int, match: Int, bestOf: Int, player1: Weapon, player2: Weapon, lineup: Lineup = Lineup()) {
        self.init(
            number: number, match: match, bestOf: bestOf, player1: player1, player2: player2,
            result: RoundResult(player1: player1, player2: player2), lineup: lineup)
    }

    /// Creates a record with the result as given, which may disagree with the weapons: a round as
    /// a file stores it, before the history checks it.
    init(number: Int, match: Int, bestOf: Int, player1: Weapon, player2: Weapon, result: RoundResult, lineup: Lineup) {
        self.number = number
        self.match = match
        self.bestOf = bestOf
        self.player1 = player1
        self.player2 = player2
        self.result = result
        self.lineup = lineup
    }

    /// The weapon a player chose.
    ///
    /// - Parameter player: The seat.
    /// - Returns: That player's weapon.
    public func weapon(of player: Player) -> Weapon {
        player == .one ? player1 : player2
    }

    /// The name of a seat in this round, as it was when the round was played.
    ///
    /// - Parameter player: The seat.
    /// - Returns: The player's name, or "Computer".
    public func name(of player: Player) -> String {
        lineup.name(of: player)
    }
}

extension RecordedRound {
    /// A round as state-file format version 1 stored it: without its lineup.
    struct Version1: Decodable {
        var number: Int
        var match: Int
        var bestOf: Int
        var player1: Weapon
        var player2: Weapon
        var result: RoundResult

        /// The round, taken to have been played by `lineup`.
        ///
        /// - Parameter lineup: Who is taken to have played.
        /// - Returns: The round as format version 2 keeps it.
        func recorded(by lineup: Lineup) -> RecordedRound {
            RecordedRound(
                number: number, match: match, bestOf: bestOf, player1: player1, player2: player2, result: result,
                lineup: lineup)
        }
    }
}
