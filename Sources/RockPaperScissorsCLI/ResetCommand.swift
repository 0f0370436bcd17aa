import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// `rps reset`: erases the score history, and the settings with `--all`, after confirmation.
struct ResetCommand {
    /// Whether `--yes` skipped the question.
    let confirmed: Bool
    /// Whether `--all` resets the settings too.
    let includesSettings: Bool

    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``, or ``ExitCode/failure`` when the reset was not confirmed.
    /// - Throws: ``PersistenceError`` when the state file cannot be read or written or another
    ///   `rps` is changing it; a corrupt file is not reset (nor overwritten): move it away instead.
    func run(in context: CommandContext) throws -> ExitCode {
        try context.stateFile.withExclusiveAccess { try reset(in: context) }
    }

    private func reset(in context: CommandContext) throws -> ExitCode {
        let console = context.console
        let journal = try context.stateFile.openGame()
        defer { try? journal.close() }
        guard journal.foundSavedState else {
            console.line("Nothing to reset: there is no state file at \(ShownText.escaped(context.stateFile.path)).")
            return .success
        }
        let store = journal.store
        let rounds = store.state.scoreHistory.rounds.count
        let what =
            "\(rounds) round\(rounds == 1 ? "" : "s") of score history"
            + (includesSettings ? " and the settings" : "")
        guard confirmed || console.confirm("Erase \(what) in \(ShownText.escaped(context.stateFile.path))?") else {
            console.errorMessage("rps: reset cancelled; nothing was changed.\n")
            return .failure
        }
        store.dispatch(ResetAction(includesSettings: includesSettings))
        try journal.close()
        console.line("Erased \(what).")
        return .success
    }
}
