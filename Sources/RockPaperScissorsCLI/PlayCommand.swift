import Foundation
import MultiRedux
import RockPaperScissors

/// `rps play`: loads the state, then plays the `--moves`, the moves piped into standard input
/// as each line arrives, or asks for them at the terminal; every action is appended to the state
/// file's journal as it is applied (``StateJournal``), and the journal is folded into the
/// snapshot at the end.
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
    /// - Throws: ``UsageError`` for bad moves, ``StateFileError`` when the state file cannot be
    ///   read or written or another `rps` is changing it.
    func run(in context: CommandContext) throws -> ExitCode {
        try context.stateFile.withExclusiveAccess { try play(in: context) }
    }

    private func play(in context: CommandContext) throws -> ExitCode {
        // The loaded state goes straight into the store, so the store holds the only copy of the
        // history and appending a round never copies it.
        let journal = try StateJournal(file: context.stateFile)
        do {
            try play(on: journal, in: context)
        } catch {
            try? journal.close()
            throw error
        }
        try journal.close()
        return .success
    }

    private func play(on journal: StateJournal, in context: CommandContext) throws {
        let store = journal.store
        let settings = store.state.settings
        let opponent = options.opponent ?? settings.opponent
        let strategy = options.strategy ?? settings.strategy
        if let moves = options.moves {
            try check(moves, against: opponent)
        }
        let session = MatchSession(
            store: store, opponent: opponent, computer: ComputerOpponent(strategy: strategy, seed: seed))
        let report = GameReport(style: context.style, lineup: session.lineup, bestOf: settings.bestOf)
        let loop = PlayLoop(context: context, session: session, report: report) {
            try journal.confirmSaved()
            try journal.compactIfDue()
        }
        if let moves = options.moves {
            try loop.play(moves)
        } else if context.console.isInputTerminal {
            try loop.playInteractively()
        } else {
            try loop.playPiped()
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
