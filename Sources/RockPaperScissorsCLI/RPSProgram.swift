import ReduxPersistence
import RockPaperScissors

/// The `rps` program: parses the command line, runs the command against a console, and turns
/// failures into messages on standard error and an ``ExitCode``.
///
/// ```swift
/// let code = RPSProgram(console: terminal, environment: ProcessInfo.processInfo.environment)
///     .run(Array(CommandLine.arguments.dropFirst()))
/// ```
///
/// The command line is checked completely before the state file is touched, so a usage error
/// (exit code 2) never reads or writes it.
public struct RPSProgram {
    /// The version of `rps`.
    public static let version = "1.0.0-dev"

    /// What `rps --version` prints: the version and the versions of the state file's parts it
    /// writes (and the newest it reads).
    public static var versionLine: String {
        "rps \(version) (MultiRedux example game; state file: settings v\(SettingsFeature.persistedVersion), "
            + "score history v\(ScoreHistoryFeature.persistedVersion))"
    }

    private let console: any Console
    private let environment: [String: String]

    /// Creates the program.
    ///
    /// - Parameters:
    ///   - console: Where to read and write.
    ///   - environment: The process environment: `RPS_STATE_FILE`, `XDG_DATA_HOME`, `HOME`,
    ///     `NO_COLOR` and `TERM` are read.
    public init(console: any Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }

    /// Runs one command line.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    /// - Returns: How the program should exit.
    public func run(_ arguments: [String]) async -> ExitCode {
        do {
            let invocation = try CommandLineParser.parse(arguments)
            let context = CommandContext(
                console: console,
                stateFile: StateFile.resolve(explicitPath: invocation.stateFilePath, environment: environment),
                style: TextStyle(console: console, environment: environment))
            return try await run(invocation.command, in: context)
        } catch let error as UsageError {
            console.errorMessage("rps: error: \(error.description)\n")
            return .usage
        } catch let error as PersistenceError {
            console.errorMessage("rps: error: \(Self.withOptionHint(error.description))\n")
            return .failure
        } catch {
            console.errorMessage("rps: error: \(ShownText.escaped(String(describing: error)))\n")
            return .failure
        }
    }

    private func run(_ command: Command, in context: CommandContext) async throws -> ExitCode {
        switch command {
        case .help(let topic):
            console.write(HelpText.text(for: topic))
            return .success
        case .play(let options):
            let seed = options.seed ?? UInt64.random(in: .min ... .max)
            return try await PlayCommand(options: options, seed: seed).run(in: context)
        case .history(let last):
            return try HistoryCommand(last: last).run(in: context)
        case .stats:
            return try StatsCommand().run(in: context)
        case .replay(let match):
            return try ReplayCommand(match: match).run(in: context)
        case .undo:
            return try UndoCommand().run(in: context)
        case .showSettings:
            return try SettingsCommand(request: .showAll).run(in: context)
        case .getSetting(let key):
            return try SettingsCommand(request: .get(key: key)).run(in: context)
        case .setSetting(let change):
            return try SettingsCommand(request: .set(change)).run(in: context)
        case .version:
            console.line(Self.versionLine)
            return .success
        case .reset(let confirmed, let includesSettings):
            return try ResetCommand(confirmed: confirmed, includesSettings: includesSettings).run(in: context)
        }
    }
}

extension RPSProgram {
    /// A state file's error as rps says it: where the error advises another file (or a regular
    /// one), it says how, with the `--state-file` option.
    ///
    /// - Parameter message: The error's description, written for any program.
    /// - Returns: The message, naming the option where it ends by advising another file.
    static func withOptionHint(_ message: String) -> String {
        for ending in ["use another file.", "Use a regular file."] where message.hasSuffix(ending) {
            return message.dropLast() + " with --state-file PATH."
        }
        return message
    }
}
