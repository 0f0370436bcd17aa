import Foundation
import MultiRedux
import RockPaperScissors

/// `rps play`: loads the state, checks the moves, then plays them, or asks for them at the
/// terminal, saving after every round.
///
/// All input is checked before the first round: an unknown weapon in `--moves` or in piped
/// input, or an odd number of moves against a person, is a usage error and nothing is played
/// or saved.
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
        let store = RockPaperScissorsApp.makeStore(initialState: try context.stateFile.loadAppState())
        let settings = store.state.settings
        let opponent = options.opponent ?? settings.opponent
        let strategy = options.strategy ?? settings.strategy
        let script = try options.moves ?? pipedMoves(from: context.console)
        if let script {
            try check(script, against: opponent)
        }
        let session = MatchSession(
            store: store, opponent: opponent, computer: ComputerOpponent(strategy: strategy, seed: seed))
        let report = GameReport(style: context.style, lineup: session.lineup, bestOf: settings.bestOf)
        let loop = PlayLoop(context: context, session: session, report: report)
        if let script {
            try loop.play(script)
        } else {
            try loop.playInteractively()
        }
        loop.end()
        return .success
    }

    /// Reads moves from standard input when it is not a terminal: one per line, blank lines and
    /// lines starting with `#` skipped.
    private func pipedMoves(from console: any Console) throws(UsageError) -> [Weapon]? {
        guard !console.isInputTerminal else { return nil }
        var moves: [Weapon] = []
        var lineNumber = 0
        while let line = console.readLine(prompt: "", hidingInput: false) {
            lineNumber += 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") {
                continue
            }
            moves.append(try MoveList.weapon(text, location: "line \(lineNumber) of standard input"))
        }
        return moves
    }

    private func check(_ script: [Weapon], against opponent: Opponent) throws(UsageError) {
        guard !script.isEmpty else {
            throw UsageError(
                "there are no moves to play; pass --moves, pipe moves one per line, or run rps in a terminal.",
                command: .play)
        }
        if opponent == .human, script.count % 2 != 0 {
            throw UsageError(
                "against a person the moves alternate player 1, player 2, so their number must be even; "
                    + "got \(script.count).",
                command: .play)
        }
    }
}
