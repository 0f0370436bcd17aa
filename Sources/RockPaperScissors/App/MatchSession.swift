import MultiRedux

/// A round as a session reports it: the recorded round and its match after the round.
package struct PlayedRound: Equatable, Sendable {
    package var round: RecordedRound
    package var match: MatchRecord
}

/// Plays rounds on a store for a front end (the `rps` command, a test, an app): dispatches each
/// choice and waits for what it caused (against the computer, its reply, an effect). The session
/// holds no game state of its own; everything lives in the store.
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
    package let opponent: Opponent
    /// The names from the store's settings, the session's opponent and, against the computer,
    /// its strategy. Every round is recorded with it.
    package let lineup: Lineup

    /// Creates a session and seats its players (a ``SeatPlayersAction``), abandoning a
    /// half-played round; an open match of other players is left unfinished by its first round.
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

    /// Passes on the choice of the player whose turn it is and waits for what it caused (the
    /// computer's answer, ``ComputerMoveReducer``); the round if one finished, else `nil`.
    @discardableResult
    package func choose(_ weapon: Weapon) async -> PlayedRound? {
        await store.dispatchAndWait(ChooseWeaponAction(weapon: weapon))
        let state = store.state
        return state.game.result == nil ? nil : state.scoreHistory.lastPlayed
    }
}
