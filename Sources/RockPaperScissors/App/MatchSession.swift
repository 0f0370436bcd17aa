import MultiRedux

/// A round as a session reports it: the recorded round and its match after the round.
package struct PlayedRound: Equatable, Sendable {
    package var round: RecordedRound
    package var match: MatchRecord
}

/// Plays rounds on a store for a front end: dispatches each choice and waits for what it caused
/// (against the computer, the computer's reply, an effect of the store).
///
/// The session holds no game state of its own; everything lives in the store. It exists so that
/// a front end (the `rps` command, a test, an app) only has to pass on player choices.
///
/// ```swift
/// let session = MatchSession(store: store, opponent: .computer, strategy: .random)
/// if let played = await session.choose(.rock) {
///     print(played.round.result.message.rawValue)
/// }
/// ```
///
/// Not `Sendable`: use a session from one thread (the store itself may be shared).
package final class MatchSession {
    package let store: Store<AppState>
    /// Who plays as player 2 in this session.
    package let opponent: Opponent
    /// Who plays in this session: the names from the store's settings, the session's opponent
    /// and, against the computer, its strategy. Every round is recorded with it.
    package let lineup: Lineup

    /// Creates a session and seats its players (a ``SeatPlayersAction``); a half-played round
    /// left in the store is abandoned, and an open match of other players is left unfinished by
    /// the session's first round (see ``ScoreHistory/record(player1:player2:bestOf:lineup:)``).
    /// Against the computer, `strategy` says how it draws from the store's
    /// ``MultiRedux/Dependencies/computer``.
    package init(store: Store<AppState>, opponent: Opponent, strategy: ComputerStrategy) {
        self.store = store
        self.opponent = opponent
        lineup = Lineup(settings: store.state.settings, opponent: opponent, strategy: strategy)
        store.dispatch(SeatPlayersAction(lineup: lineup))
    }

    /// The player whose choice comes next.
    package var nextPlayer: Player {
        store.state.game.turn ?? .one
    }

    /// Passes on the choice of the player whose turn it is and waits for what it caused: against
    /// the computer, player 1's choice is answered by the computer's (``ComputerMoveReducer``).
    /// Returns the round if this choice finished one, `nil` when player 2 is still to choose.
    @discardableResult
    package func choose(_ weapon: Weapon) async -> PlayedRound? {
        await store.dispatchAndWait(ChooseWeaponAction(weapon: weapon))
        let state = store.state
        return state.game.result == nil ? nil : state.scoreHistory.lastPlayed
    }
}
