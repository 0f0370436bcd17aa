import MultiRedux

/// A round as a session reports it: the recorded round and its match after the round.
public struct PlayedRound: Equatable, Sendable {
    /// The round as the score history recorded it.
    public var round: RecordedRound
    /// The round's match, counting this round.
    public var match: MatchRecord

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - round: The recorded round.
    ///   - match: Its match after the round.
    public init(round: RecordedRound, match: MatchRecord) {
        self.round = round
        self.match = match
    }
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
public final class MatchSession {
    /// The store the session dispatches to.
    public let store: Store<AppState>
    /// Who plays as player 2 in this session.
    public let opponent: Opponent
    /// Who plays in this session: the names from the store's settings, the session's opponent
    /// and, against the computer, its strategy. Every round is recorded with it.
    public let lineup: Lineup

    /// Creates a session and seats its players (a ``SeatPlayersAction``); a half-played round
    /// left in the store is abandoned.
    ///
    /// An open match of other players is not continued: the session's first round leaves it
    /// unfinished and starts a new match (see ``ScoreHistory/record(player1:player2:bestOf:lineup:)``).
    ///
    /// - Parameters:
    ///   - store: The store to play on.
    ///   - opponent: Who plays as player 2.
    ///   - strategy: How the computer chooses, when `opponent` is `.computer` (it draws from the
    ///     store's ``MultiRedux/Dependencies/computer``).
    public init(store: Store<AppState>, opponent: Opponent, strategy: ComputerStrategy) {
        self.store = store
        self.opponent = opponent
        lineup = Lineup(settings: store.state.settings, opponent: opponent, strategy: strategy)
        store.dispatch(SeatPlayersAction(lineup: lineup))
    }

    /// The player whose choice comes next.
    public var nextPlayer: Player {
        store.state.game.turn ?? .one
    }

    /// Passes on the choice of the player whose turn it is and waits for what it caused: against
    /// the computer, player 1's choice is answered by the computer's (``ComputerMoveReducer``).
    ///
    /// - Parameter weapon: The chosen weapon.
    /// - Returns: The round, if this choice finished one; `nil` when player 2 is still to choose.
    /// - Complexity: O(1) amortised: two actions at most.
    @discardableResult
    public func choose(_ weapon: Weapon) async -> PlayedRound? {
        await store.dispatchAndWait(ChooseWeaponAction(weapon: weapon))
        let state = store.state
        guard state.game.result != nil, let round = state.scoreHistory.rounds.last,
            let match = state.scoreHistory.matches.last
        else { return nil }
        return PlayedRound(round: round, match: match)
    }
}
