/// One finished round as the score history keeps it, with who played it.
package struct RecordedRound: Codable, Equatable, Sendable {
    /// The round's number in the whole history, and its match's number and length, from 1.
    package let number: Int
    package let match: Int
    package let bestOf: Int
    package let player1: Weapon
    package let player2: Weapon
    package let result: RoundResult
    /// Who played the round, as they were named then.
    package let lineup: Lineup

    /// A record whose result follows from the weapons; by default played by the players of the
    /// default settings.
    package init(number: Int, match: Int, bestOf: Int, player1: Weapon, player2: Weapon, lineup: Lineup = Lineup()) {
        self.init(
            number: number, match: match, bestOf: bestOf, player1: player1, player2: player2,
            result: RoundResult(player1: player1, player2: player2), lineup: lineup)
    }

    /// A record with the result as given, which may disagree with the weapons: a round as a file
    /// stores it, before the history checks it.
    init(number: Int, match: Int, bestOf: Int, player1: Weapon, player2: Weapon, result: RoundResult, lineup: Lineup) {
        self.number = number
        self.match = match
        self.bestOf = bestOf
        self.player1 = player1
        self.player2 = player2
        self.result = result
        self.lineup = lineup
    }

    package func name(of player: Player) -> String {
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
        func recorded(by lineup: Lineup) -> RecordedRound {
            RecordedRound(
                number: number, match: match, bestOf: bestOf, player1: player1, player2: player2, result: result,
                lineup: lineup)
        }
    }
}
