import ReduxPersistence
import RockPaperScissors

/// The lines `rps play` prints about matches and rounds.
///
/// Names are shown as ``ShownText/escaped(_:)`` shows them: a name stored with a right-to-left
/// override is printed with the override escaped, so it cannot reorder the line.
struct GameReport {
    /// Colour or plain text.
    let style: TextStyle
    /// Who plays in this session.
    let lineup: Lineup
    /// The length of a new match.
    let bestOf: Int

    /// The name of a seat in this session.
    ///
    /// - Parameter player: The seat.
    /// - Returns: The player's name, or "Computer".
    func name(of player: Player) -> String {
        ShownText.escaped(lineup.name(of: player))
    }

    /// Announces the match the next round belongs to.
    ///
    /// - Parameter history: The score history before the round.
    /// - Returns: "Match 2, best of 3: Ann vs Computer (random strategy)." or, for this lineup's
    ///   match already under way, "Match 2 continues at 1-0, ...".
    func matchHeading(for history: ScoreHistory) -> String {
        guard let open = history.openMatch, open.lineup == lineup else {
            return style.bold("Match \(history.nextMatchNumber(for: lineup)), best of \(bestOf): \(shown(lineup)).")
        }
        return style.bold(
            "Match \(open.number) continues at \(open.player1Wins)-\(open.player2Wins), best of \(open.bestOf): "
                + "\(shown(lineup)).")
    }

    /// Notes that another lineup's open match will not go on: this session's first round leaves
    /// it unfinished.
    ///
    /// - Parameter match: The other players' open match.
    /// - Returns: "Match 1, Ann vs Computer (random strategy), stays unfinished at 1-0: a match
    ///   keeps its players."
    func leftUnfinishedLine(_ match: MatchRecord) -> String {
        "Match \(match.number), \(shown(match.lineup)), stays unfinished at \(match.player1Wins)-\(match.player2Wins): "
            + "a match keeps its players."
    }

    /// Describes a finished round, with the names of the players who played it.
    ///
    /// - Parameter played: The round and its match.
    /// - Returns: "Round 4: Ann chose Rock, Computer chose Paper. COMPUTER WINS! Match 2: 0-1."
    func roundLine(_ played: PlayedRound) -> String {
        let round = played.round
        return "Round \(round.number): \(ShownText.escaped(round.name(of: .one))) chose \(round.player1.displayName), "
            + "\(ShownText.escaped(round.name(of: .two))) chose \(round.player2.displayName). \(style.message(for: round.result, naming: { ShownText.escaped(round.name(of: $0)) })) "
            + "Match \(round.match): \(played.match.player1Wins)-\(played.match.player2Wins)."
    }

    /// Announces the winner of a decided match.
    ///
    /// - Parameter match: The decided match.
    /// - Returns: "Match 2 goes to Ann, 2-1 (1 draw)."
    func matchResultLine(_ match: MatchRecord) -> String {
        let winner = match.winner.map { ShownText.escaped(match.lineup.name(of: $0)) } ?? "nobody"
        let draws = match.draws == 0 ? "" : " (\(match.draws) draw\(match.draws == 1 ? "" : "s"))"
        return style.bold("Match \(match.number) goes to \(winner), \(match.player1Wins)-\(match.player2Wins)\(draws).")
    }

    /// Notes a match left unfinished at the end of a session.
    ///
    /// - Parameter match: The open match.
    /// - Returns: "Match 3 is unfinished at 1-0 (best of 3); it continues the next time these players play."
    func unfinishedLine(_ match: MatchRecord) -> String {
        "Match \(match.number) is unfinished at \(match.player1Wins)-\(match.player2Wins) (best of \(match.bestOf)); "
            + "it continues the next time these players play."
    }

    /// Names a match shown again by `rps replay`.
    ///
    /// - Parameter match: The match.
    /// - Returns: "Match 2, best of 3: Ann vs Computer (random strategy)."
    func replayHeading(_ match: MatchRecord) -> String {
        style.bold("Match \(match.number), best of \(match.bestOf): \(shown(match.lineup)).")
    }

    /// Ends the replay of a match that other players left unfinished.
    ///
    /// - Parameter match: The abandoned match.
    /// - Returns: "Match 1 stays unfinished at 1-0: other players started a match after it."
    func abandonedLine(_ match: MatchRecord) -> String {
        "Match \(match.number) stays unfinished at \(match.player1Wins)-\(match.player2Wins): other players started a "
            + "match after it."
    }

    /// A lineup's description with its names escaped.
    private func shown(_ lineup: Lineup) -> String {
        ShownText.escaped(lineup.description)
    }
}
