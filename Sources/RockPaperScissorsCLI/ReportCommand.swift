import ReduxPersistence
import RockPaperScissors

/// The reports of the score history: `rps history`, `rps stats` and `rps replay`. Each round is
/// shown with the players who played it (``RecordedRound/lineup``), not with today's settings; a
/// seat over many rounds is labelled with its one name, or "Player 1" / "Player 2".
struct ReportCommand {
    let history: ScoreHistory
    let context: CommandContext
    private var console: any Console { context.console }

    /// `rps history`: the rounds as a table (the `last` ones if asked), then bar charts of wins,
    /// draws and weapon use over every round. On a narrow terminal the table is compact.
    func history(last: Int?) {
        guard let newest = history.rounds.last else {
            console.line("No rounds played yet; start a game with 'rps play'.")
            return
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
        show("Wins and draws", BarChart(bars: results.map { (label: $0.0, value: $0.1) }))
        for (name, player) in zip(names, Player.allCases) {
            let counts = totals.weapons(of: player)
            let bars = Weapon.allCases.map { (label: $0.displayName, value: counts[$0]) }
            show("Weapons chosen by \(ShownText.escaped(name))", BarChart(bars: bars))
        }
    }

    /// `rps stats`: the figures the score history maintains, as a list.
    func stats() {
        guard !history.rounds.isEmpty else {
            console.line("No rounds played yet; start a game with 'rps play'.")
            return
        }
        let totals = history.totals
        let name = { (player: Player) in totals.label(of: player) }
        let share = { (count: Int) in "\(count) (\((count * 100 + totals.rounds / 2) / totals.rounds)%)" }
        let streak = { (streak: Streak?) in
            streak.map { "\(name($0.player)), \($0.length) round\($0.length == 1 ? "" : "s") in a row" } ?? "none"
        }
        let matchCount = history.matches.count
        var pairs: [(String, String)] = [
            ("Rounds played", "\(totals.rounds) in \(matchCount) match\(matchCount == 1 ? "" : "es")"),
            ("\(name(.one)) wins", share(totals.player1Wins)),
            ("\(name(.two)) wins", share(totals.player2Wins)),
            ("Draws", share(totals.draws)),
            ("Current streak", streak(totals.currentStreak)),
            ("Longest streak", streak(totals.longestStreak)),
            ("Matches won", "\(name(.one)) \(totals.player1Matches), \(name(.two)) \(totals.player2Matches)"),
        ]
        if totals.abandonedMatches > 0 {
            pairs.append(("Abandoned matches", String(totals.abandonedMatches)))
        }
        if let open = history.openMatch {
            let score = "match \(open.number) at \(open.player1Wins)-\(open.player2Wins), best of \(open.bestOf)"
            pairs.append(("Open match", "\(score), \(open.lineup)"))
        }
        for player in Player.allCases {
            let counts = totals.weapons(of: player)
            let top = counts.mostFrequent
            let favourite = top.map(\.displayName).joined(separator: " and ")
            let each = top.count > 1 ? " each" : ""
            pairs.append(("\(name(player))'s favourite", "\(favourite) (\(counts[top[0]]) of \(counts.total)\(each))"))
        }
        TextTable.keyValueLines(pairs, fitting: console.terminalWidth).forEach { console.line($0) }
    }

    /// `rps replay [--match N]`: a match again (by default the last), in the words `rps play`
    /// printed; ``ExitCode/failure`` when there is no such match.
    func replay(_ match: Int?) -> ExitCode {
        guard let last = history.matches.last else {
            guard let match else {
                console.line("No match played yet; start one with 'rps play'.")
                return .success
            }
            console.errorMessage("rps: error: there is no match \(match) to replay: no match has been played yet.\n")
            return .failure
        }
        let number = match ?? last.number
        guard number <= last.number else {
            console.errorMessage(
                "rps: error: there is no match \(number) to replay: the score history has match"
                    + (last.number == 1 ? " 1" : "es 1 to \(last.number)") + ".\n")
            return .failure
        }
        let record = history.matches[number - 1]
        let report = GameReport(style: context.style, lineup: record.lineup, bestOf: record.bestOf)
        console.line(
            context.style.bold("Match \(record.number), best of \(record.bestOf): \(report.shown(record.lineup))."))
        for played in history.playedRounds(inMatch: number) {
            console.line(report.roundLine(played))
        }
        if record.isDecided {
            console.line(report.matchResultLine(record))
        } else if record.isAbandoned {
            console.line(
                "Match \(record.number) stays unfinished at \(record.player1Wins)-\(record.player2Wins): other "
                    + "players started a match after it.")
        } else {
            console.line(report.unfinishedLine(record))
        }
        return .success
    }

    /// The full table when it fits (names cut if need be), else the compact one, whose players
    /// head each run of rounds when they change.
    private func tableLines(of rounds: ArraySlice<RecordedRound>, fitting width: Int?) -> [String] {
        let full = table(of: rounds, compact: false)
        guard let width, full.width() > width else { return full.render() }
        if full.width(fitting: width) <= width {
            return full.render(fitting: width)
        }
        let lines = table(of: rounds, compact: true).render(fitting: width)
        guard rounds.contains(where: { $0.lineup != rounds.first?.lineup }) else { return lines }
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

    /// The rounds shown, labelled with the players who played them: their names head the weapon
    /// columns, and name the winner in the results, when they all had the same players;
    /// otherwise the full table has a Players column, and the weapon columns and results say
    /// "Player 1" and "Player 2" (the compact table drops the Players column). The compact one has
    /// short results.
    private func table(of rounds: ArraySlice<RecordedRound>, compact: Bool) -> TextTable {
        let lineup = rounds.first?.lineup
        let oneLineup = rounds.allSatisfy { $0.lineup == lineup }
        let players = oneLineup || compact ? [] : ["Players"]
        let name = { (player: Player) in (oneLineup ? lineup?.name(of: player) : nil) ?? player.seatName }
        let short: [RoundResult: String] = [.player1Wins: "P1 WINS", .player2Wins: "P2 WINS", .draw: "DRAW"]
        var table = TextTable(
            headings: [compact ? "#" : "Round", "Match"] + players + Player.allCases.map(name) + ["Result"],
            alignments: [.right, .right] + Array(repeating: .left, count: players.count + 3),
            minimumWidths: [nil, nil] + players.map { _ in 24 } + [8, 8, nil])
        table.rows = rounds.map { round in
            let result = compact ? short[round.result, default: ""] : round.result.shout(naming: name)
            return [String(round.number), String(round.match)] + players.map { _ in round.lineup.description }
                + [round.player1.displayName, round.player2.displayName, result]
        }
        return table
    }

    private func show(_ title: String, _ chart: BarChart) {
        console.line()
        console.line(context.style.bold(title))
        chart.render(fitting: console.terminalWidth.map { $0 - 2 }).forEach { console.line("  " + $0) }
    }
}

/// The lines `rps play` prints about matches and rounds, which `rps replay` and `rps undo`
/// repeat. Names are escaped (``ShownText/escaped(_:)``): a right-to-left override in a name
/// cannot reorder the line.
struct GameReport {
    let style: TextStyle
    let lineup: Lineup
    /// The length of a new match.
    let bestOf: Int

    func name(of player: Player) -> String {
        ShownText.escaped(lineup.name(of: player))
    }

    /// "Match 2, best of 3: Ann vs Computer (random strategy)." or, for this lineup's match
    /// already under way, "Match 2 continues at 1-0, ...": the match the next round belongs to.
    func matchHeading(for history: ScoreHistory) -> String {
        guard let open = history.openMatch, open.lineup == lineup else {
            return style.bold("Match \(history.nextMatchNumber(for: lineup)), best of \(bestOf): \(shown(lineup)).")
        }
        return style.bold(
            "Match \(open.number) continues at \(open.player1Wins)-\(open.player2Wins), best of \(open.bestOf): "
                + "\(shown(lineup)).")
    }

    /// "Match 1, Ann vs Computer (random strategy), stays unfinished at 1-0: a match keeps its
    /// players.": another lineup's open match, which this session's first round leaves.
    func leftUnfinishedLine(_ match: MatchRecord) -> String {
        "Match \(match.number), \(shown(match.lineup)), stays unfinished at \(match.player1Wins)-\(match.player2Wins): "
            + "a match keeps its players."
    }

    /// "Round 4: Ann chose Rock, Computer chose Paper. COMPUTER WINS! Match 2: 0-1.", with the
    /// names of the players who played the round.
    func roundLine(_ played: PlayedRound) -> String {
        let round = played.round
        let name = { (player: Player) in ShownText.escaped(round.name(of: player)) }
        return "Round \(round.number): \(name(.one)) chose \(round.player1.displayName), "
            + "\(name(.two)) chose \(round.player2.displayName). \(style.message(for: round.result, naming: name)) "
            + "Match \(round.match): \(played.match.player1Wins)-\(played.match.player2Wins)."
    }

    /// "Match 2 goes to Ann, 2-1 (1 draw).": the winner of a decided match.
    func matchResultLine(_ match: MatchRecord) -> String {
        let winner = match.winner.map { ShownText.escaped(match.lineup.name(of: $0)) } ?? "nobody"
        let draws = match.draws == 0 ? "" : " (\(match.draws) draw\(match.draws == 1 ? "" : "s"))"
        return style.bold("Match \(match.number) goes to \(winner), \(match.player1Wins)-\(match.player2Wins)\(draws).")
    }

    /// "Match 3 is unfinished at 1-0 (best of 3); it continues the next time these players play."
    func unfinishedLine(_ match: MatchRecord) -> String {
        "Match \(match.number) is unfinished at \(match.player1Wins)-\(match.player2Wins) (best of \(match.bestOf)); "
            + "it continues the next time these players play."
    }

    func shown(_ lineup: Lineup) -> String {
        ShownText.escaped(lineup.description)
    }
}
