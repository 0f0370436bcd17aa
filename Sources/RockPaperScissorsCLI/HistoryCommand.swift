import RockPaperScissors

/// `rps history`: every round as a table, then bar charts of wins, draws and weapon use.
struct HistoryCommand {
    /// Show only this many of the latest rounds in the table, or all when `nil`.
    let last: Int?

    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``.
    /// - Throws: ``StateFileError`` when the state file cannot be read.
    /// - Complexity: O(*n*) for *n* rounds shown; the charts read maintained totals.
    func run(in context: CommandContext) throws -> ExitCode {
        let state = try context.stateFile.loadAppState()
        let history = state.scoreHistory
        let console = context.console
        guard !history.rounds.isEmpty else {
            console.line("No rounds played yet; start a game with 'rps play'.")
            return .success
        }
        let names = Player.allCases.map { state.settings.name(of: $0) }
        var table = TextTable(
            headings: ["Round", "Match", names[0], names[1], "Result"],
            alignments: [.right, .right, .left, .left, .left])
        let shown = history.rounds.suffix(last ?? history.rounds.count)
        table.rows = shown.map { round in
            [
                String(round.number), String(round.match), round.player1.displayName, round.player2.displayName,
                round.result.message.rawValue,
            ]
        }
        table.render().forEach { console.line($0) }
        if shown.count < history.rounds.count {
            console.line("(the last \(shown.count) of \(history.rounds.count) rounds)")
        }

        let totals = history.totals
        let results = [(names[0], totals.player1Wins), (names[1], totals.player2Wins), ("Draws", totals.draws)]
        show("Wins and draws", BarChart(bars: results.map { (label: $0.0, value: $0.1) }), in: context)
        for (name, player) in zip(names, Player.allCases) {
            let counts = totals.weapons(of: player)
            let bars = Weapon.allCases.map { (label: $0.displayName, value: counts[$0]) }
            show("Weapons chosen by \(name)", BarChart(bars: bars), in: context)
        }
        return .success
    }

    private func show(_ title: String, _ chart: BarChart, in context: CommandContext) {
        context.console.line()
        context.console.line(context.style.bold(title))
        chart.render().forEach { context.console.line("  " + $0) }
    }
}
