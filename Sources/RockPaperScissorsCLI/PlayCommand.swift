import Foundation
import MultiRedux
import ReduxPersistence
import RockPaperScissors

/// `rps play`: plays the `--moves`, the moves piped in as each line arrives, or asks for them at
/// the terminal. Every action is appended to the state file's journal as it is applied
/// (ReduxPersistence's `Persistence`); the file is held for the whole game, so a second `rps`
/// that would change it stops with an error. The game is kept for `rps inspect` as it ends.
struct PlayCommand {
    let options: PlayOptions
    /// The computer's seed: `--seed`, or one picked at random by the caller.
    let seed: UInt64

    func run(in context: CommandContext) async throws -> ExitCode {
        let access = try context.stateFile.beginExclusiveAccess()
        defer { access.end() }
        // The computer is seeded with the game's seed; at the terminal it thinks for a moment.
        let journal = try context.stateFile.openGame(
            dependencies: Dependencies {
                $0.computer = ComputerOpponent(seed: seed)
                $0.computerThinkingTime = options.moves == nil && context.console.isInputTerminal ? 0.3 : 0
            })
        do {
            defer { InspectCommand.keep(journal, of: context) }
            try await play(on: journal, in: context)
        } catch {
            try? journal.close()
            throw error
        }
        try journal.close()
        return .success
    }

    private func play(on journal: Persistence<AppState>, in context: CommandContext) async throws {
        let settings = journal.store.state.settings
        let opponent = options.opponent ?? settings.opponent
        if let moves = options.moves, opponent == .human, moves.count % 2 != 0 {
            throw UsageError(
                "against a person the moves alternate player 1, player 2, so their number must be even; "
                    + "got \(moves.count).",
                command: .play)
        }
        let session = MatchSession(
            store: journal.store, opponent: opponent, strategy: options.strategy ?? settings.strategy)
        let report = GameReport(style: context.style, lineup: session.lineup, bestOf: settings.bestOf)
        let loop = PlayLoop(context: context, session: session, report: report) {
            try journal.confirmSaved()
            // The players seated are not kept in the snapshot: seat them again in a new journal,
            // which a crash would replay from the snapshot.
            if try journal.compactIfDue() {
                journal.store.dispatch(SeatPlayersAction(lineup: session.lineup))
            }
        }
        if let moves = options.moves {
            for move in moves {
                try await loop.play(move)
            }
        } else if context.console.isInputTerminal {
            try await loop.playInteractively()
        } else {
            try await loop.playPiped()
        }
        loop.end()
    }
}

/// Plays rounds for `rps play`: passes each move to the ``MatchSession`` and prints each round
/// the store records (journaled, so on disk, before it is printed).
///
/// - Note: `@unchecked Sendable`: the loop is used from one task, and its observation of the
///   store runs only while that task awaits the dispatch that finished a round.
final class PlayLoop: @unchecked Sendable {
    let context: CommandContext
    let session: MatchSession
    private let report: GameReport
    /// Runs after each finished round, before it is printed.
    private let afterRound: () throws -> Void
    private var announcedMatch: Int?
    private(set) var roundsPlayed = 0
    /// The round the last move finished, as the store reported it.
    private var finished: PlayedRound?
    private var observation: ObservationToken?

    init(context: CommandContext, session: MatchSession, report: GameReport, afterRound: @escaping () throws -> Void) {
        self.context = context
        self.session = session
        self.report = report
        self.afterRound = afterRound
        // The loop does not read the state after each move: it observes the history's last
        // round, which changes when the store records one, whichever action finished it (player
        // 2's choice, or the computer's, sent by its effect).
        let earlierRounds = session.store.state.scoreHistory.rounds.count
        observation = session.store.observe(select: \.scoreHistory.lastPlayed) { [unowned self] played in
            if let played, played.round.number > earlierRounds {
                finished = played
            }
        }
    }

    /// Plays one move; returns the round it finished, if any.
    @discardableResult
    func play(_ move: Weapon) async throws -> PlayedRound? {
        announceMatchIfNeeded()
        await session.choose(move)
        guard let played = finished else { return nil }
        finished = nil
        // A round shown is a round saved, whenever the program is stopped. A round whose append
        // failed is shown only if it was saved in the snapshot instead; the game stops there.
        do {
            try afterRound()
        } catch let error as PersistenceError {
            if case .journalUnwritable(_, _, saved: true) = error {
                show(played)
            }
            throw error
        }
        show(played)
        return played
    }

    /// Asks for moves at the terminal until a player quits, the input ends, or the players stop
    /// after a decided match.
    func playInteractively() async throws {
        while true {
            announceMatchIfNeeded()
            let player = session.nextPlayer
            guard let weapon = ask(player) else { return }
            guard let played = try await play(weapon) else {
                context.console.line("\(report.name(of: player)) has chosen.")
                continue
            }
            if played.match.isDecided, !context.console.confirm("Play another match?") {
                return
            }
        }
    }

    /// Plays the moves piped into standard input, each as soon as its line arrives: one move per
    /// line, blank lines and `#` lines skipped, `q` or `quit` to stop. A line that is no weapon,
    /// no move at all, or an input ending halfway through a round is a ``UsageError``; the rounds
    /// before are kept.
    func playPiped() async throws {
        var lineNumber = 0
        var movesRead = 0
        while let line = context.console.readLine(prompt: "", hidingInput: false) {
            lineNumber += 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") {
                continue
            }
            if ["q", "quit"].contains(text.lowercased()) {
                return
            }
            guard let weapon = Weapon(argument: text) else {
                throw stopped(
                    "line \(lineNumber) of standard input is the unknown weapon \(ShownText.quoted(text)); use "
                        + "\(CommandLineParser.acceptedWeapons), or q to quit.")
            }
            try await play(weapon)
            movesRead += 1
        }
        guard movesRead > 0 else {
            throw UsageError(
                "there are no moves to play; pass --moves, pipe moves one per line, or run rps in a terminal.",
                command: .play)
        }
        if session.nextPlayer == .two {
            throw stopped(
                "the input ended after player 1's move of a round; against a person the moves alternate "
                    + "player 1, player 2, so that move was not played.")
        }
    }

    /// Notes this session's match if it is left open.
    func end() {
        if let open = session.store.state.scoreHistory.openMatch, open.lineup == session.lineup {
            context.console.line(report.unfinishedLine(open))
        }
    }

    /// A usage error that ends a piped game, saying which of its rounds were kept.
    private func stopped(_ message: String) -> UsageError {
        guard roundsPlayed > 0 else { return UsageError(message + " Nothing was played.", command: .play) }
        end()
        let rounds = roundsPlayed == 1 ? "The round before it was" : "The \(roundsPlayed) rounds before it were"
        return UsageError("\(message) \(rounds) played and saved.", command: .play)
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

    private func show(_ played: PlayedRound) {
        roundsPlayed += 1
        context.console.line(report.roundLine(played))
        if played.match.isDecided {
            context.console.line(report.matchResultLine(played.match))
        }
    }

    /// Asks a player for a weapon; `nil` when they quit or the input ends. Against a person the
    /// typed text is hidden and never repeated, so player 2 cannot learn player 1's choice.
    private func ask(_ player: Player) -> Weapon? {
        let hidden = session.opponent == .human
        let message = player == .one ? GameMessage.player1Choose : .player2Choose
        while true {
            // The classic prompt names the player by number; a name of their own follows it once.
            let name = report.name(of: player)
            let numbered = player.seatName
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
                context.console.line(
                    "\(shown) is not a weapon; type \(CommandLineParser.acceptedWeapons), or q to quit.")
            }
        }
    }
}
