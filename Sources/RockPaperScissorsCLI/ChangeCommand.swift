import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// The commands that change the state file: `rps settings`, `rps undo` and `rps reset`. Each
/// change is an action dispatched to the store, which the file's journal records; the file is
/// held meanwhile, so a second `rps` that would change it stops with an error.
struct ChangeCommand {
    let context: CommandContext
    private var console: any Console { context.console }
    private var stateFile: StateFile { context.stateFile }

    /// `rps settings`: every setting, what the strategy does, and the state file.
    func showSettings(_ settings: Settings) {
        let strategy =
            switch settings.strategy {
            case .random: "any weapon, with equal chance"
            case .counter: "beats player 1's most frequent weapon"
            case .beatLast: "beats player 1's previous weapon"
            }
        let pairs = SettingsChange.keys.map { key in
            (key, (settings.value(forKey: key) ?? "") + (key == "strategy" ? " (\(strategy))" : ""))
        }
        TextTable.keyValueLines(pairs, fitting: console.terminalWidth).forEach { console.line($0) }
        console.line()
        console.line("State file: \(ShownText.escaped(stateFile.path))")
    }

    /// `rps settings set <key> <value>`: an ``UpdateSettingsAction``.
    func set(_ change: SettingsChange) throws -> ExitCode {
        do {
            try change.validate()
        } catch {
            throw UsageError(error, command: .settings)
        }
        return try stateFile.withExclusiveAccess {
            let journal = try stateFile.openGame()
            let store = journal.store
            store.dispatch(UpdateSettingsAction(change: change))
            try journal.close()
            let settings = store.state.settings
            console.line("\(change.key) is now \(ShownText.escaped(settings.value(forKey: change.key) ?? "")).")
            if change.key == "best-of", let open = store.state.scoreHistory.openMatch, open.bestOf != settings.bestOf {
                console.line(
                    "Match \(open.number), open at \(open.player1Wins)-\(open.player2Wins), keeps its length (best of "
                        + "\(open.bestOf)); best of \(settings.bestOf) applies from the next match.")
            }
            return .success
        }
    }

    /// `rps undo`: an ``UndoRoundAction``; ``ExitCode/failure`` when no match is open.
    func undo() throws -> ExitCode {
        try stateFile.withExclusiveAccess {
            let journal = try stateFile.openGame()
            defer { try? journal.close() }
            let history = journal.store.state.scoreHistory
            guard let round = history.lastRoundOfOpenMatch else {
                let reason =
                    history.matches.last.map { "match \($0.number), the last one, is decided" }
                    ?? "no round has been played yet"
                console.errorMessage(
                    "rps: nothing to undo: \(reason); only a round of the unfinished match can be taken back. "
                        + "Nothing was changed.\n")
                return .failure
            }
            journal.store.dispatch(UndoRoundAction())
            try journal.close()
            let after = journal.store.state.scoreHistory
            let report = GameReport(style: context.style, lineup: round.lineup, bestOf: round.bestOf)
            let standing =
                after.matches.dropFirst(round.match - 1).first.map {
                    "Match \($0.number) is back at \($0.player1Wins)-\($0.player2Wins)."
                } ?? "Match \(round.match) has no rounds left."
            console.line(
                "Took back round \(round.number): \(report.name(of: .one)) chose \(round.player1.displayName), "
                    + "\(report.name(of: .two)) chose \(round.player2.displayName). \(standing)")
            return .success
        }
    }

    /// `rps reset`: a ``ResetAction`` once confirmed; ``ExitCode/failure`` when it is not. A
    /// corrupt file is not reset (nor overwritten).
    func reset(confirmed: Bool, includesSettings: Bool) throws -> ExitCode {
        try stateFile.withExclusiveAccess {
            let journal = try stateFile.openGame()
            defer { try? journal.close() }
            guard journal.foundSavedState else {
                console.line("Nothing to reset: there is no state file at \(ShownText.escaped(stateFile.path)).")
                return .success
            }
            let rounds = journal.store.state.scoreHistory.rounds.count
            let what =
                "\(rounds) round\(rounds == 1 ? "" : "s") of score history"
                + (includesSettings ? " and the settings" : "")
            guard confirmed || console.confirm("Erase \(what) in \(ShownText.escaped(stateFile.path))?") else {
                console.errorMessage("rps: reset cancelled; nothing was changed.\n")
                return .failure
            }
            journal.store.dispatch(ResetAction(includesSettings: includesSettings))
            try journal.close()
            console.line("Erased \(what).")
            return .success
        }
    }
}
