import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// Plays rounds for `rps play`: passes each move to the ``MatchSession`` and prints what
/// happened. The session's store journals every action as it is applied (`Persistence`), so
/// a round is on disk before it is printed.
final class PlayLoop {
    let context: CommandContext
    let session: MatchSession
    private let report: GameReport
    /// Called after each finished round, before it is printed: checks the round is saved, and
    /// compacts the journal.
    private let afterRound: () throws -> Void
    private var announcedMatch: Int?
    /// How many rounds this loop finished (and saved).
    private(set) var roundsPlayed = 0

    /// Creates a loop.
    ///
    /// - Parameters:
    ///   - context: The console and the state file.
    ///   - session: The session to play in.
    ///   - report: How to describe rounds and matches.
    ///   - afterRound: Runs after each finished round, before it is printed.
    init(
        context: CommandContext, session: MatchSession, report: GameReport, afterRound: @escaping () throws -> Void = {}
    ) {
        self.context = context
        self.session = session
        self.report = report
        self.afterRound = afterRound
    }

    /// Plays checked moves, in order.
    ///
    /// - Parameter moves: Player 1's moves, or both players' alternately against a person.
    /// - Throws: ``PersistenceError`` if a round cannot be saved (appended, or rewritten in the snapshot).
    func play(_ moves: [Weapon]) async throws {
        for move in moves {
            try await play(move)
        }
    }

    /// Plays one move: announces the match if it is new, passes the move on, and reports and
    /// saves the round if the move finished one.
    ///
    /// - Parameter move: The move of the player whose turn it is.
    /// - Throws: ``PersistenceError`` if a round cannot be saved (appended, or rewritten in the snapshot).
    func play(_ move: Weapon) async throws {
        announceMatchIfNeeded()
        if let played = await session.choose(move) {
            try finish(played)
        }
    }

    /// Asks for moves at the terminal until a player quits, the input ends, or the players stop
    /// after a decided match.
    ///
    /// - Throws: ``PersistenceError`` if a round cannot be saved (appended, or rewritten in the snapshot).
    func playInteractively() async throws {
        while true {
            announceMatchIfNeeded()
            let player = session.nextPlayer
            guard let weapon = ask(player) else { return }
            guard let played = await session.choose(weapon) else {
                context.console.line("\(report.name(of: player)) has chosen.")
                continue
            }
            try finish(played)
            if played.match.isDecided, !context.console.confirm("Play another match?") {
                return
            }
        }
    }

    /// Notes this session's match if it is left open.
    func end() {
        if let open = session.store.state.scoreHistory.openMatch, open.lineup == session.lineup {
            context.console.line(report.unfinishedLine(open))
        }
    }

    private func announceMatchIfNeeded() {
        guard session.nextPlayer == .one else { return }
        let history = session.store.state.scoreHistory
        let next = history.nextMatchNumber(for: session.lineup)
        guard next != announcedMatch else { return }
        if let open = history.openMatch, open.lineup != session.lineup {
            context.console.line(report.leftUnfinishedLine(open))
        }
        context.console.line(report.matchHeading(for: history))
        announcedMatch = next
    }

    /// Reports a finished round, which the journal already holds: a round shown is a round
    /// saved, whenever the program is stopped. A round whose append failed is shown only if it
    /// was saved in the snapshot instead; the game stops there either way.
    private func finish(_ played: PlayedRound) throws {
        do {
            try afterRound()
        } catch let error as PersistenceError {
            if case .journalUnwritable(_, _, saved: true) = error {
                show(played)
            }
            throw error
        }
        show(played)
    }

    private func show(_ played: PlayedRound) {
        roundsPlayed += 1
        context.console.line(report.roundLine(played))
        if played.match.isDecided {
            context.console.line(report.matchResultLine(played.match))
        }
    }

    /// Asks a player for a weapon; `nil` when they quit or the input ends.
    ///
    /// Against a person the typed text is hidden and never repeated, so player 2 cannot learn
    /// player 1's choice.
    private func ask(_ player: Player) -> Weapon? {
        let hidden = session.opponent == .human
        let message = player == .one ? GameMessage.player1Choose : .player2Choose
        while true {
            // The classic prompt names the player by number; a name of their own follows it once.
            let name = report.name(of: player)
            let numbered = player == .one ? "Player 1" : "Player 2"
            let named = name.caseInsensitiveCompare(numbered) == .orderedSame ? "" : "[\(name)] "
            let prompt = context.console.wrappedPrompt(
                "\(context.style.bold(message.rawValue)) \(named)(r)ock, (p)aper, (s)cissors or (q)uit >")
            guard let line = context.console.readLine(prompt: prompt, hidingInput: hidden) else {
                context.console.line()
                return nil
            }
            let word = line.trimmingCharacters(in: .whitespaces).lowercased()
            if word == "q" || word == "quit" {
                return nil
            }
            if let weapon = Weapon(argument: word) {
                return weapon
            }
            if !word.isEmpty {
                let shown = hidden ? "That" : ShownText.quoted(line)
                context.console.line("\(shown) is not a weapon; type \(MoveList.accepted), or q to quit.")
            }
        }
    }
}
