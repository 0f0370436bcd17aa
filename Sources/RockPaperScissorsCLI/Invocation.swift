import RockPaperScissors

/// The `rps` commands.
package enum CommandName: String, CaseIterable, Sendable {
    case play, history, stats, replay, undo, settings, reset, inspect, help, version
}

/// The options of `rps play`; `nil` means "take it from the settings" (or, for the seed, "pick
/// one at random").
package struct PlayOptions: Equatable, Sendable {
    package var opponent: Opponent?
    package var strategy: ComputerStrategy?
    /// Player 1's moves against the computer, both players' alternately against a person.
    package var moves: [Weapon]?
    package var seed: UInt64?

    package init(
        opponent: Opponent? = nil, strategy: ComputerStrategy? = nil, moves: [Weapon]? = nil, seed: UInt64? = nil
    ) {
        self.opponent = opponent
        self.strategy = strategy
        self.moves = moves
        self.seed = seed
    }
}

/// What a command line asks for.
package enum Command: Equatable, Sendable {
    case play(PlayOptions)
    case history(last: Int?)
    case stats
    case replay(match: Int?)
    case undo
    case showSettings
    case getSetting(key: String)
    case setSetting(SettingsChange)
    /// `confirmed` skips the question, `includesSettings` resets the settings too.
    case reset(confirmed: Bool, includesSettings: Bool)
    /// `port` nil for a free one; with `htmlPath`, writes the page there instead of serving it.
    case inspect(port: UInt16?, htmlPath: String?)
    /// Help for a command, or the overview.
    case help(CommandName?)
    case version
}

/// A parsed command line: the command and the `--state-file` path, if given.
package struct Invocation: Equatable, Sendable {
    package var command: Command
    package var stateFilePath: String?

    package init(command: Command, stateFilePath: String? = nil) {
        self.command = command
        self.stateFilePath = stateFilePath
    }
}

/// A command line `rps` does not understand; the description says what to type instead.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, after "rps: error: ".
    package var message: String
    /// The command whose help to point to; `nil` for the overview.
    package var command: CommandName?

    package init(_ message: String, command: CommandName? = nil) {
        self.message = message
        self.command = command
    }

    /// A refused setting, with the choices where the key or value is unknown.
    init(_ error: SettingsError, command: CommandName) {
        let choices =
            switch error {
            case .unknownKey(let key): Spelling.choices(for: key, among: SettingsChange.keys)
            case .unknownOpponent(let value): Spelling.choices(for: value, among: Opponent.allCases.map(\.rawValue))
            case .unknownStrategy(let value):
                Spelling.choices(for: value, among: ComputerStrategy.allCases.map(\.rawValue))
            case .invalidName, .invalidBestOf: ""
            }
        self.init(error.description + choices, command: command)
    }

    package var description: String {
        let help = command.map { "rps \($0.rawValue) --help" } ?? "rps --help"
        return "\(message)\nRun '\(help)' for usage."
    }
}
