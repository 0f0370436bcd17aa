import ReduxPersistence
import RockPaperScissors

/// `rps history`: every round as a table, then bar charts of wins, draws and weapon use.
///
/// Each round is shown with the players who played it, as its ``RecordedRound/lineup`` says,
/// not with today's settings: when all the rounds shown had the same players, their names head
/// the weapon columns; otherwise a Players column names them round by round.
///
/// On a terminal too narrow for that table (its width is known), a compact one is shown: short
/// headings and results, names cut to fit, and the players of each run of rounds on a line of
/// their own above it instead of a Players column; the charts get shorter bars.
struct HistoryCommand {
    /// Show only this many of the latest rounds in the table, or all when `nil`.
    let last: Int?

    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``.
    /// - Throws: ``PersistenceError`` when the state file cannot be read.
    /// - Complexity: O(*n*) for *n* rounds shown; the charts read maintained totals.
    func run(in context: CommandContext) throws -> ExitCode {
        let history = try context.stateFile.loadAppState().scoreHistory
        let console = context.console
        guard let newest = history.rounds.last else {
            console.line("No rounds played yet; start a game with 'rps play'.")
            return .success
        }
        let shown = history.rounds.suffix(last ?? history.rounds.count)
        tableLines(of: shown, fitting: console.terminalWidth).forEach { console.line($0) }
        if shown.count < history.rounds.count {
            console.line("(the last \(shown.count) of \(history.rounds.count) rounds)")
        }
        let matchesShown = history.matches[(shown.first ?? newest).match - 1..<newest.match]
        for match in matchesShown where match.isAbandoned {
            console.line(
                "Match \(match.number) was abandoned at \(match.player1Wins)-\(match.player2Wins): "
                    + "the next round had other players.")
        }

        let totals = history.totals
        let names = Player.allCases.map { totals.label(of: $0) }
        let results = [(names[0], totals.player1Wins), (names[1], totals.player2Wins), ("Draws", totals.draws)]
        show("Wins and draws", BarChart(bars: results.map { (label: $0.0, value: $0.1) }), in: context)
        for (name, player) in zip(names, Player.allCases) {
            let counts = totals.weapons(of: player)
            let bars = Weapon.allCases.map { (label: $0.displayName, value: counts[$0]) }
            show("Weapons chosen by \(ShownText.escaped(name))", BarChart(bars: bars), in: context)
        }
        return .success
    }

    /// The table's lines: the full table when it fits, with long names cut if need be, else the
    /// compact one.
    private func tableLines(of rounds: ArraySlice<RecordedRound>, fitting width: Int?) -> [String] {
        let full = table(of: rounds)
        guard let width, full.width > width else { return full.render() }
        if full.width(fitting: width) <= width {
            return full.render(fitting: width)
        }
        let lineup = rounds.first?.lineup
        let oneLineup = rounds.allSatisfy { $0.lineup == lineup }
        let names = oneLineup ? Player.allCases.map { lineup?.name(of: $0) ?? "" } : ["Player 1", "Player 2"]
        var compact = TextTable(
            headings: ["#", "Match"] + names + ["Result"], alignments: [.right, .right, .left, .left, .left],
            minimumWidths: [nil, nil, 8, 8, nil])
        compact.rows = rounds.map { round in
            [String(round.number), String(round.match), round.player1.displayName, round.player2.displayName]
                + [Self.shortResult(round.result)]
        }
        let lines = compact.render(fitting: width)
        guard !oneLineup else { return lines }
        var grouped = Array(lines.prefix(2))
        var previous: Lineup?
        for (round, line) in zip(rounds, lines.dropFirst(2)) {
            if round.lineup != previous {
                grouped.append(TerminalText.truncated(ShownText.escaped("\(round.lineup):"), toWidth: width))
                previous = round.lineup
            }
            grouped.append(line)
        }
        return grouped
    }

    /// "P1 WINS", "P2 WINS" or "DRAW", for the compact table.
    private static func shortResult(_ result: RoundResult) -> String {
        switch result {
        case .player1Wins: "P1 WINS"
        case .player2Wins: "P2 WINS"
        case .draw: "DRAW"
        }
    }

    /// The table of the rounds shown, labelled with the players who played them.
    private func table(of rounds: ArraySlice<RecordedRound>) -> TextTable {
        let cells = { (round: RecordedRound) in
            [round.player1.displayName, round.player2.displayName, round.result.message.rawValue]
        }
        if let lineup = rounds.first?.lineup, rounds.allSatisfy({ $0.lineup == lineup }) {
            var table = TextTable(
                headings: ["Round", "Match", lineup.name(of: .one), lineup.name(of: .two), "Result"],
                alignments: [.right, .right, .left, .left, .left], minimumWidths: [nil, nil, 8, 8, nil])
            table.rows = rounds.map { [String($0.number), String($0.match)] + cells($0) }
            return table
        }
        var table = TextTable(
            headings: ["Round", "Match", "Players", "Player 1", "Player 2", "Result"],
            alignments: [.right, .right, .left, .left, .left, .left], minimumWidths: [nil, nil, 24, nil, nil, nil])
        table.rows = rounds.map { [String($0.number), String($0.match), $0.lineup.description] + cells($0) }
        return table
    }

    private func show(_ title: String, _ chart: BarChart, in context: CommandContext) {
        context.console.line()
        context.console.line(context.style.bold(title))
        chart.render(fitting: context.console.terminalWidth.map { $0 - 2 }).forEach { context.console.line("  " + $0) }
    }
}
