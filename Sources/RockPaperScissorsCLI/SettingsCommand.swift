import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// `rps settings`, `rps settings get <key>` and `rps settings set <key> <value>`.
struct SettingsCommand {
    /// What the command does.
    enum Request {
        /// Show every setting and the state file.
        case showAll
        /// Print one setting's value, alone on its line.
        case get(key: String)
        /// Change one setting.
        case set(SettingsChange)
    }

    /// What to do.
    let request: Request

    /// Runs the command.
    ///
    /// A change goes through the store, like every state change: it is dispatched as an
    /// ``UpdateSettingsAction``, which the state file's journal records, and the reduced state
    /// is saved.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``.
    /// - Throws: ``UsageError`` for an invalid change, ``PersistenceError`` when the state file
    ///   cannot be read or written or another `rps` is changing it.
    func run(in context: CommandContext) throws -> ExitCode {
        switch request {
        case .showAll:
            show(try context.stateFile.loadAppState().settings, in: context)
        case .get(let key):
            let settings = try context.stateFile.loadAppState().settings
            context.console.line(ShownText.escaped(settings.value(forKey: key) ?? ""))
        case .set(let change):
            do {
                try change.validate()
            } catch {
                throw UsageError(error.description, command: .settings)
            }
            return try context.stateFile.withExclusiveAccess { try apply(change, in: context) }
        }
        return .success
    }

    private func apply(_ change: SettingsChange, in context: CommandContext) throws -> ExitCode {
        let journal = try context.stateFile.openGame()
        let store = journal.store
        store.dispatch(UpdateSettingsAction(change: change))
        try journal.close()
        let value = store.state.settings.value(forKey: change.key) ?? ""
        context.console.line("\(change.key) is now \(ShownText.escaped(value)).")
        if change.key == "best-of", let open = store.state.scoreHistory.openMatch,
            open.bestOf != store.state.settings.bestOf
        {
            context.console.line(
                "Match \(open.number), open at \(open.player1Wins)-\(open.player2Wins), keeps its length (best of "
                    + "\(open.bestOf)); best of \(store.state.settings.bestOf) applies from the next match.")
        }
        return .success
    }

    private func show(_ settings: Settings, in context: CommandContext) {
        let pairs = SettingsChange.keys.map { key in
            var value = settings.value(forKey: key) ?? ""
            if key == "strategy" {
                value += " (\(settings.strategy.summary))"
            }
            return (key, value)
        }
        TextTable.keyValueLines(pairs, fitting: context.console.terminalWidth).forEach { context.console.line($0) }
        context.console.line()
        context.console.line("State file: \(ShownText.escaped(context.stateFile.path))")
    }
}
