import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// `rps undo`: takes back the last round of the unfinished match.
///
/// The round is taken back by an ``UndoRoundAction``, which the state file's journal records
/// like any other action: nothing already written is rewritten or cut. A decided match is over,
/// so with no unfinished match there is nothing to undo.
struct UndoCommand {
    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``, or ``ExitCode/failure`` when there is nothing to undo.
    /// - Throws: ``PersistenceError`` when the state file cannot be read or written or another
    ///   `rps` is changing it.
    func run(in context: CommandContext) throws -> ExitCode {
        try context.stateFile.withExclusiveAccess { try undo(in: context) }
    }

    private func undo(in context: CommandContext) throws -> ExitCode {
        let journal = try context.stateFile.openGame()
        defer { try? journal.close() }
        let history = journal.store.state.scoreHistory
        guard let round = history.lastRoundOfOpenMatch else {
            let reason =
                history.matches.last.map { "match \($0.number), the last one, is decided" }
                ?? "no round has been played yet"
            context.console.errorMessage(
                "rps: nothing to undo: \(reason); only a round of the unfinished match can be taken back. "
                    + "Nothing was changed.\n")
            return .failure
        }
        journal.store.dispatch(UndoRoundAction())
        try journal.close()
        let after = journal.store.state.scoreHistory
        let report = GameReport(style: context.style, lineup: round.lineup, bestOf: round.bestOf)
        let standing =
            after.matches.indices.contains(round.match - 1)
            ? "Match \(round.match) is back at \(after.matches[round.match - 1].player1Wins)-"
                + "\(after.matches[round.match - 1].player2Wins)."
            : "Match \(round.match) has no rounds left."
        context.console.line(
            "Took back round \(round.number): \(report.name(of: .one)) chose \(round.player1.displayName), "
                + "\(report.name(of: .two)) chose \(round.player2.displayName). \(standing)")
        return .success
    }
}
