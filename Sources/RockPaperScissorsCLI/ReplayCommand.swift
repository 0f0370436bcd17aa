import ReduxPersistence
import RockPaperScissors

/// `rps replay [--match N]`: shows a match again, round by round, in the words `rps play`
/// printed; by default the last match, finished or not.
///
/// The rounds come from the score history, which loading rebuilt from the snapshot and the
/// replayed journal; each is shown with the players who played it and the match's score after
/// it, then how the match ended or stands.
struct ReplayCommand {
    /// The match to show, or `nil` for the last one.
    let match: Int?

    /// Runs the command.
    ///
    /// - Parameter context: The console and the state file.
    /// - Returns: ``ExitCode/success``, or ``ExitCode/failure`` when there is no such match.
    /// - Throws: ``PersistenceError`` when the state file cannot be read.
    /// - Complexity: O(*n*) for *n* rounds in the history.
    func run(in context: CommandContext) throws -> ExitCode {
        let history = try context.stateFile.loadAppState().scoreHistory
        let console = context.console
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
        console.line(report.replayHeading(record))
        for played in history.playedRounds(inMatch: number) {
            console.line(report.roundLine(played))
        }
        if record.isDecided {
            console.line(report.matchResultLine(record))
        } else if record.isAbandoned {
            console.line(report.abandonedLine(record))
        } else {
            console.line(report.unfinishedLine(record))
        }
        return .success
    }
}
