import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// `rps play`: loads the state, then plays the `--moves`, the moves piped into standard input
/// as each line arrives, or asks for them at the terminal; every action is appended to the state
/// file's journal as it is applied (ReduxPersistence's `Persistence`), and the journal is folded
/// into the snapshot at the end.
///
/// `--moves` are checked before the first round: an unknown weapon, or an odd number of moves
/// against a person, is a usage error and nothing is played or saved. Piped moves are played one
/// line at a time, so every round is saved as soon as its line arrives; a line that is no weapon
/// stops the game with a usage error, keeping the rounds before it.
///
/// The state file is held for the whole game (``StateFile/withExclusiveAccess(_:)``), so a
/// second `rps` that would change it meanwhile stops with an error instead of overwriting rounds.
struct PlayCommand {
    /// The command's options.
    let options: PlayOptions
    /// The computer's seed: `--seed`, or one picked at random by the caller.
    let seed: UInt64

    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``.
    /// - Throws: ``UsageError`` for bad moves, ``PersistenceError`` when the state file cannot be
    ///   read or written or another `rps` is changing it.
    func run(in context: CommandContext) async throws -> ExitCode {
        let access = try context.stateFile.beginExclusiveAccess()
        defer { access.end() }
        return try await play(in: context)
    }

    private func play(in context: CommandContext) async throws -> ExitCode {
        // The loaded state goes straight into the store, so the store holds the only copy of the
        // history and appending a round never copies it. The store's computer is seeded with the
        // game's seed; at the terminal it takes a moment to think, on the store's clock.
        let journal = try context.stateFile.openGame(
            dependencies: Dependencies {
                $0.computer = ComputerOpponent(seed: seed)
                $0.computerThinkingTime = thinkingTime(in: context)
            })
        do {
            try await play(on: journal, in: context)
        } catch {
            try? journal.close()
            throw error
        }
        try journal.close()
        return .success
    }

    /// How long the computer thinks before its move: a moment when a person plays at the terminal,
    /// none for scripted or piped moves.
    private func thinkingTime(in context: CommandContext) -> Double {
        options.moves == nil && context.console.isInputTerminal ? 0.3 : 0
    }

    private func play(on journal: Persistence<AppState>, in context: CommandContext) async throws {
        let store = journal.store
        let settings = store.state.settings
        let opponent = options.opponent ?? settings.opponent
        let strategy = options.strategy ?? settings.strategy
        if let moves = options.moves {
            try check(moves, against: opponent)
        }
        let session = MatchSession(store: store, opponent: opponent, strategy: strategy)
        let report = GameReport(style: context.style, lineup: session.lineup, bestOf: settings.bestOf)
        let loop = PlayLoop(context: context, session: session, report: report) {
            try journal.confirmSaved()
            // The players seated are not kept in the snapshot: seat them again in a new journal,
            // which a crash would replay from the snapshot.
            if try journal.compactIfDue() {
                store.dispatch(SeatPlayersAction(lineup: session.lineup))
            }
        }
        if let moves = options.moves {
            try await loop.play(moves)
        } else if context.console.isInputTerminal {
            try await loop.playInteractively()
        } else {
            try await loop.playPiped()
        }
        loop.end()
    }

    private func check(_ script: [Weapon], against opponent: Opponent) throws(UsageError) {
        if opponent == .human, script.count % 2 != 0 {
            throw UsageError(
                "against a person the moves alternate player 1, player 2, so their number must be even; "
                    + "got \(script.count).",
                command: .play)
        }
    }
}
