import MultiRedux

/// The round being played: whose turn it is, the weapons chosen so far, the result, and who
/// plays.
///
/// The state is one ``Phase`` value, so an impossible combination (a result without both
/// weapons, player 2 choosing before player 1) cannot be represented. The properties a screen
/// reads, ``message``, ``turn``, ``player1Play``, ``player2Play`` and ``result``, are derived
/// from it. In the app only the game feature's reducers change it. A value of your own, such as a test's
/// expected state, can be built at any point of a round: every phase is a consistent round.
///
/// ```swift
/// await store.send(ChooseWeaponAction(weapon: .rock)) {
///     $0.game.phase = .awaitingPlayer2(player1: .rock)   // turn, message and plays follow
/// }
/// ```
public struct GameState: State, Equatable, Codable {
    /// Where a round stands.
    public enum Phase: Equatable, Codable, Sendable {
        /// Nobody has chosen yet; player 1 is to choose.
        case awaitingPlayer1
        /// Player 1 has chosen; player 2 is to choose.
        case awaitingPlayer2(player1: Weapon)
        /// Both have chosen; the round is over.
        case finished(player1: Weapon, player2: Weapon)
    }

    /// Where the round stands; ``turn``, ``message``, the plays and ``result`` follow from it.
    public var phase: Phase

    /// Who plays, when a ``SeatPlayersAction`` said so; `nil` means the players the settings name.
    public var lineup: Lineup?

    /// A round at the given point; by default a fresh round, waiting for player 1.
    public init(phase: Phase = .awaitingPlayer1, lineup: Lineup? = nil) {
        self.phase = phase
        self.lineup = lineup
    }

    /// The player whose turn it is, or `nil` once the round is over.
    package var turn: Player? {
        switch phase {
        case .awaitingPlayer1: .one
        case .awaitingPlayer2: .two
        case .finished: nil
        }
    }

    /// The line to show: whose turn it is, or the result.
    package var message: GameMessage {
        switch phase {
        case .awaitingPlayer1: .player1Choose
        case .awaitingPlayer2: .player2Choose
        case .finished(let player1, let player2): RoundResult(player1: player1, player2: player2).message
        }
    }

    package var player1Play: Play {
        switch phase {
        case .awaitingPlayer1: .none
        case .awaitingPlayer2(let player1), .finished(let player1, _): Play(chosen: true, weapon: player1)
        }
    }

    package var player2Play: Play {
        guard case .finished(_, let player2) = phase else { return .none }
        return Play(chosen: true, weapon: player2)
    }

    /// The result, once both players have chosen.
    package var result: RoundResult? {
        guard case .finished(let player1, let player2) = phase else { return nil }
        return RoundResult(player1: player1, player2: player2)
    }
}

/// What one player has done in the current round, as the seed's model has it; a screen that must
/// not spoil player 1's choice shows only `chosen` until ``GameState/result`` is set.
package struct Play: Equatable, Sendable {
    package var chosen: Bool
    package var weapon: Weapon?

    package init(chosen: Bool, weapon: Weapon?) {
        self.chosen = chosen
        self.weapon = weapon
    }

    package static let none = Play(chosen: false, weapon: nil)
}
