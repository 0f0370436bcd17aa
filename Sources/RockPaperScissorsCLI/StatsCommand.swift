import ReduxPersistence
import RockPaperScissors

/// `rps stats`: the figures the score history maintains, as a list.
///
/// A seat is labelled with the name it had in every round, or "Player 1" / "Player 2" when
/// several players sat there (a match against the computer, then one against a friend).
struct StatsCommand {
    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``.
    /// - Throws: ``PersistenceError`` when the state file cannot be read.
    /// - Complexity: O(1) after loading: every figure is maintained as rounds are recorded.
    func run(in context: CommandContext) throws -> ExitCode {
        let history = try context.stateFile.loadAppState().scoreHistory
        guard !history.rounds.isEmpty else {
            context.console.line("No rounds played yet; start a game with 'rps play'.")
            return .success
        }
        let totals = history.totals
        let name = { (player: Player) in totals.label(of: player) }
        let matchCount = history.matches.count
        var pairs: [(String, String)] = [
            ("Rounds played", "\(totals.rounds) in \(matchCount) match\(matchCount == 1 ? "" : "es")"),
            ("\(name(.one)) wins", share(totals.player1Wins, of: totals.rounds)),
            ("\(name(.two)) wins", share(totals.player2Wins, of: totals.rounds)),
            ("Draws", share(totals.draws, of: totals.rounds)),
            ("Current streak", describe(totals.currentStreak, name: name)),
            ("Longest streak", describe(totals.longestStreak, name: name)),
            ("Matches won", "\(name(.one)) \(totals.player1Matches), \(name(.two)) \(totals.player2Matches)"),
        ]
        if totals.abandonedMatches > 0 {
            pairs.append(("Abandoned matches", String(totals.abandonedMatches)))
        }
        if let open = history.openMatch {
            pairs.append(
                (
                    "Open match",
                    "match \(open.number) at \(open.player1Wins)-\(open.player2Wins), best of \(open.bestOf), "
                        + "\(open.lineup)"
                ))
        }
        for player in Player.allCases {
            pairs.append(("\(name(player))'s favourite", favourite(totals.weapons(of: player))))
        }
        TextTable.keyValueLines(pairs, fitting: context.console.terminalWidth).forEach { context.console.line($0) }
        return .success
    }

    private func share(_ count: Int, of total: Int) -> String {
        "\(count) (\((count * 100 + total / 2) / total)%)"
    }

    private func describe(_ streak: Streak?, name: (Player) -> String) -> String {
        guard let streak else { return "none" }
        return "\(name(streak.player)), \(streak.length) round\(streak.length == 1 ? "" : "s") in a row"
    }

    private func favourite(_ counts: WeaponCounts) -> String {
        let top = counts.mostFrequent
        let names = top.map(\.displayName).joined(separator: " and ")
        return "\(names) (\(counts[top[0]]) of \(counts.total)\(top.count > 1 ? " each" : ""))"
    }
}
