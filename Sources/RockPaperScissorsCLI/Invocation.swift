import RockPaperScissors

/// The `rps` commands.
public enum CommandName: String, CaseIterable, Sendable {
    /// Play rounds, interactively or from a script.
    case play
    /// Show the score history as a table and charts.
    case history
    /// Show the derived figures.
    case stats
    /// Show a match again, round by round.
    case replay
    /// Take back the last round of the unfinished match.
    case undo
    /// Show the settings, one of them, or change one.
    case settings
    /// Clear the score history (and the settings with `--all`).
    case reset
    /// Show help.
    case help
    /// Show the version.
    case version
}

/// The options of `rps play`; `nil` means "take it from the settings" (or, for the seed, "pick
/// one at random").
public struct PlayOptions: Equatable, Sendable {
    /// Who plays as player 2 for this session.
    public var opponent: Opponent?
    /// How the computer plays for this session.
    public var strategy: ComputerStrategy?
    /// The scripted moves: player 1's against the computer, both players' alternately against
    /// a person.
    public var moves: [Weapon]?
    /// The computer's seed.
    public var seed: UInt64?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - opponent: Who plays as player 2.
    ///   - strategy: How the computer plays.
    ///   - moves: The scripted moves.
    ///   - seed: The computer's seed.
    public init(
        opponent: Opponent? = nil, strategy: ComputerStrategy? = nil, moves: [Weapon]? = nil, seed: UInt64? = nil
    ) {
        self.opponent = opponent
        self.strategy = strategy
        self.moves = moves
        self.seed = seed
    }
}

/// What a command line asks for.
public enum Command: Equatable, Sendable {
    /// Play rounds.
    case play(PlayOptions)
    /// Show the history, optionally only its last rounds.
    case history(last: Int?)
    /// Show the figures.
    case stats
    /// Show a match round by round: match `match`, or the last one.
    case replay(match: Int?)
    /// Take back the last round of the unfinished match.
    case undo
    /// Show the settings.
    case showSettings
    /// Show one setting's value; the key is one of ``SettingsChange/keys``.
    case getSetting(key: String)
    /// Change one setting.
    case setSetting(SettingsChange)
    /// Clear the history; `confirmed` skips the question, `includesSettings` resets those too.
    case reset(confirmed: Bool, includesSettings: Bool)
    /// Show help for a command, or the overview.
    case help(CommandName?)
    /// Show the version.
    case version
}

/// A parsed command line: the command and the state file to use.
public struct Invocation: Equatable, Sendable {
    /// The command to run.
    public var command: Command
    /// The `--state-file` path, if given.
    public var stateFilePath: String?

    /// Creates an invocation.
    ///
    /// - Parameters:
    ///   - command: The command to run.
    ///   - stateFilePath: The `--state-file` path, if given.
    public init(command: Command, stateFilePath: String? = nil) {
        self.command = command
        self.stateFilePath = stateFilePath
    }
}
