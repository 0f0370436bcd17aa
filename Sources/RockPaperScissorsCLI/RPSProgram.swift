import ReduxPersistence
import RockPaperScissors

/// The `rps` program (`main.swift` runs it): parses the command line, runs the command against a
/// console, and turns failures into messages on standard error and an ``ExitCode``. The command
/// line is checked completely before the state file is touched.
package struct RPSProgram {
    package static let version = "1.0.0-dev"

    /// What `rps --version` prints: the versions of rps and of the state file's parts it writes.
    package static var versionLine: String {
        "rps \(version) (MultiRedux example game; state file: settings v\(SettingsFeature.persistedVersion), "
            + "score history v\(ScoreHistoryFeature.persistedVersion))"
    }

    let console: any Console
    let environment: [String: String]

    package init(console: any Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }

    /// Runs one command line (the arguments without the program name).
    package func run(_ arguments: [String]) async -> ExitCode {
        do {
            let invocation = try CommandLineParser.parse(arguments)
            let context = CommandContext(
                console: console,
                stateFile: StateFile.resolve(explicitPath: invocation.stateFilePath, environment: environment),
                style: TextStyle(console: console, environment: environment))
            return try await context.run(invocation.command)
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

    /// A state file's error, saying how to use another file (`--state-file`) where it advises one.
    static func withOptionHint(_ message: String) -> String {
        for ending in ["use another file.", "Use a regular file."] where message.hasSuffix(ending) {
            return message.dropLast() + " with --state-file PATH."
        }
        return message
    }
}

struct CommandContext {
    let console: any Console
    let stateFile: StateFile
    let style: TextStyle

    func run(_ command: Command) async throws -> ExitCode {
        switch command {
        case .help(let topic):
            console.write(HelpText.text(for: topic))
        case .version:
            console.line(RPSProgram.versionLine)
        case .play(let options):
            let seed = options.seed ?? UInt64.random(in: .min ... .max)
            return try await PlayCommand(options: options, seed: seed).run(in: self)
        case .history(let last):
            try ReportCommand(history: stateFile.loadAppState().scoreHistory, context: self).history(last: last)
        case .stats:
            try ReportCommand(history: stateFile.loadAppState().scoreHistory, context: self).stats()
        case .replay(let match):
            return try ReportCommand(history: stateFile.loadAppState().scoreHistory, context: self).replay(match)
        case .showSettings:
            try ChangeCommand(context: self).showSettings(stateFile.loadAppState().settings)
        case .getSetting(let key):
            console.line(ShownText.escaped(try stateFile.loadAppState().settings.value(forKey: key) ?? ""))
        case .setSetting(let change):
            return try ChangeCommand(context: self).set(change)
        case .undo:
            return try ChangeCommand(context: self).undo()
        case .reset(let confirmed, let includesSettings):
            return try ChangeCommand(context: self).reset(confirmed: confirmed, includesSettings: includesSettings)
        case .inspect(let port, let htmlPath):
            return try InspectCommand(port: port, htmlPath: htmlPath).run(in: self)
        }
        return .success
    }
}

/// How `rps` exits, as its help says: 1 when the command could not be done (nothing changed, or a
/// round could not be saved: the message says whether it was kept), 2 for a wrong command line
/// or piped move; the executable exits with 130 when Ctrl-C ended the input.
package enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
}
