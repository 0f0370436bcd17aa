import ReduxPersistence
import RockPaperScissors

/// Reads `rps`'s command line into an ``Invocation``.
///
/// Hand-written and small, so `rps` needs no package dependency. The grammar is
/// `rps [<command>] [<arguments>] [<options>]`; the command defaults to `play`. Options come before or after it, as `--name value` or
/// `--name=value`; `--` ends them. The value after `rps settings set <key>` may start with one
/// `-`. `--help` wins over all but an unknown command, then `--version`. Errors quote what was
/// typed (``ShownText/quoted(_:limit:)``) and suggest what was probably meant.
package enum CommandLineParser {
    static let valueOptions: Set = [
        "--state-file", "--opponent", "--strategy", "--moves", "--seed", "--last", "--match", "--port", "--html",
    ]
    static let flagOptions: Set = ["--help", "--version", "--yes", "--all"]
    private static let shortForms = ["-h": "--help", "-y": "--yes"]

    /// Parses the arguments after the program name.
    package static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let (options, arguments) = try tokenize(arguments)
        // The first word names the command; none plays.
        guard let command = arguments.first.map({ CommandName(rawValue: $0) }) ?? .play else {
            throw unknownCommand(arguments[0], arguments: arguments)
        }
        let positionals = Array(arguments.dropFirst())
        // A line without a command plays, but its errors should not name a command nobody typed.
        let namedCommand = arguments.first == nil ? nil : command
        for option in options where !allowed(for: command).contains(option.name) {
            throw unexpectedOption(option.name, for: namedCommand)
        }
        var values: [String: String] = [:]
        for option in options {
            guard values.updateValue(option.value ?? "", forKey: option.name) == nil else {
                throw UsageError("the option \(option.name) was given more than once.", command: command)
            }
        }
        let stateFile = values["--state-file"]
        if values["--help"] != nil {
            // `rps --help` names no command: it asks about rps itself, not about the default `play`.
            let topic = command == .help ? nil : namedCommand
            return Invocation(command: .help(topic), stateFilePath: stateFile)
        }
        if values["--version"] != nil {
            return Invocation(command: .version, stateFilePath: stateFile)
        }
        if stateFile?.isEmpty == true {
            throw UsageError("the option --state-file needs a file path; got an empty one.", command: namedCommand)
        }
        let parsed = try parseCommand(command, values: values, positionals: positionals)
        return Invocation(command: parsed, stateFilePath: stateFile)
    }

    private static func tokenize(
        _ arguments: [String]
    ) throws(UsageError) -> ([(name: String, value: String?)], [String]) {
        var options: [(name: String, value: String?)] = []
        var positionals: [String] = []
        var index = arguments.startIndex
        var optionsEnded = false
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" || isSettingValue(argument, positionals) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            name = shortForms[name] ?? name
            if valueOptions.contains(name), value == nil {
                guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
                    throw UsageError("the option \(name) needs a value.", command: commandGuess(arguments))
                }
                value = arguments[index]
                index += 1
            } else if flagOptions.contains(name), value != nil {
                throw UsageError("the option \(name) takes no value.", command: commandGuess(arguments))
            }
            options.append((name, value))
        }
        return (options, positionals)
    }

    /// Whether an argument starting with one `-` is the value right after `rps settings set <key>`.
    private static func isSettingValue(_ argument: String, _ positionals: [String]) -> Bool {
        !argument.hasPrefix("--") && positionals.count == 3 && positionals[0] == CommandName.settings.rawValue
            && positionals[1] == "set"
    }

    /// The command a malformed line is probably about, for the help hint.
    private static func commandGuess(_ arguments: [String]) -> CommandName? {
        arguments.lazy.compactMap(CommandName.init(rawValue:)).first
    }

    static func allowed(for command: CommandName) -> Set<String> {
        let common: Set = ["--state-file", "--help", "--version"]
        switch command {
        case .play: return common.union(["--opponent", "--strategy", "--moves", "--seed"])
        case .history: return common.union(["--last"])
        case .replay: return common.union(["--match"])
        case .reset: return common.union(["--yes", "--all"])
        case .inspect: return common.union(["--port", "--html"])
        case .stats, .undo, .settings, .help, .version: return common
        }
    }

    private static func parseCommand(
        _ command: CommandName, values: [String: String], positionals: [String]
    ) throws(UsageError) -> Command {
        if ![.play, .settings, .help].contains(command), let first = positionals.first {
            throw UsageError(
                "unexpected argument \(ShownText.quoted(first)) for 'rps \(command.rawValue)'.", command: command)
        }
        switch command {
        case .play:
            if !positionals.isEmpty {
                throw unexpectedPlayArguments(positionals)
            }
            return .play(try parsePlayOptions(values))
        case .history:
            return .history(last: try positiveNumber(values, "--last", "a positive whole number of rounds", command))
        case .stats:
            return .stats
        case .replay:
            return .replay(
                match: try positiveNumber(values, "--match", "a match number, a whole number from 1", command))
        case .undo:
            return .undo
        case .settings:
            return try parseSettings(positionals)
        case .reset:
            return .reset(confirmed: values["--yes"] != nil, includesSettings: values["--all"] != nil)
        case .version:
            return .version
        case .inspect:
            let port = values["--port"].map { UInt16($0) ?? 0 }
            guard port != 0, port == nil || values["--html"] == nil else {
                let problem =
                    port == 0
                    ? "needs a port number from 1 to 65535; got \(ShownText.quoted(values["--port"]!))"
                    : "serves the page, --html writes it to a file: give one of them"
                throw UsageError("--port \(problem).", command: command)
            }
            if values["--html"]?.isEmpty == true {
                throw UsageError(
                    "the option --html needs a file path to write the page to; got an empty one.", command: command)
            }
            return .inspect(port: port, htmlPath: values["--html"])
        case .help:
            guard positionals.count <= 1 else { throw UsageError("'rps help' takes at most one command.") }
            guard let word = positionals.first else { return .help(nil) }
            guard let topic = CommandName(rawValue: word) else {
                let guess = Spelling.closest(to: word, among: CommandName.allCases.map(\.rawValue))
                throw UsageError(
                    "there is no command \(ShownText.quoted(word)) to explain"
                        + (guess.map { "; did you mean '\($0)'?" } ?? "."))
            }
            return .help(topic == .help ? nil : topic)
        }
    }

    private static func parsePlayOptions(_ values: [String: String]) throws(UsageError) -> PlayOptions {
        var options = PlayOptions()
        do throws(SettingsError) {
            // Parsed as `rps settings set` parses them, so the errors read the same.
            for key in ["opponent", "strategy"] {
                guard let text = values["--\(key)"] else { continue }
                switch try SettingsChange(key: key, value: text) {
                case .opponent(let opponent): options.opponent = opponent
                case .strategy(let strategy): options.strategy = strategy
                default: break
                }
            }
        } catch {
            throw UsageError(error, command: .play)
        }
        if let text = values["--moves"] {
            options.moves = try parseMoves(text)
        }
        if let text = values["--seed"] {
            guard let seed = UInt64(text) else {
                throw UsageError(
                    "--seed needs a whole number from 0 to \(UInt64.max); got \(ShownText.quoted(text)).",
                    command: .play)
            }
            options.seed = seed
        }
        return options
    }

    /// The value of `--last` or `--match`, a whole number from 1; `nil` when the option is absent.
    private static func positiveNumber(
        _ values: [String: String], _ option: String, _ needed: String, _ command: CommandName
    ) throws(UsageError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let number = Int(text), number > 0 else {
            throw UsageError("\(option) needs \(needed); got \(ShownText.quoted(text)).", command: command)
        }
        return number
    }

    private static func parseSettings(_ positionals: [String]) throws(UsageError) -> Command {
        guard let verb = positionals.first else { return .showSettings }
        let keys = SettingsChange.keys.joined(separator: ", ")
        switch verb {
        case "get":
            guard positionals.count == 2 else {
                throw UsageError(
                    "to show one setting, type 'rps settings get <key>' with one key from: \(keys).",
                    command: .settings)
            }
            guard let key = SettingsChange.key(named: positionals[1]) else {
                throw UsageError(SettingsError.unknownKey(positionals[1]), command: .settings)
            }
            return .getSetting(key: key)
        case "set":
            guard positionals.count >= 3 else {
                throw UsageError(
                    "to change a setting, type 'rps settings set <key> <value>' with a key from: \(keys).",
                    command: .settings)
            }
            do {
                let value = positionals.dropFirst(2).joined(separator: " ")
                return .setSetting(try SettingsChange(key: positionals[1], value: value))
            } catch {
                throw UsageError(error, command: .settings)
            }
        default:
            throw unknownSettingsAction(verb)
        }
    }

    // MARK: Moves

    static let acceptedWeapons = "rock, paper or scissors (or r, p, s)"

    /// Reads a `--moves` list such as `rock,paper,s`, naming the first entry that is no weapon.
    private static func parseMoves(_ text: String) throws(UsageError) -> [Weapon] {
        var weapons: [Weapon] = []
        for (offset, entry) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard let weapon = Weapon(argument: String(entry)) else {
                let shown = entry.isEmpty ? "an empty move" : "the unknown weapon \(ShownText.quoted(String(entry)))"
                throw UsageError("move \(offset + 1) of --moves is \(shown); use \(acceptedWeapons).", command: .play)
            }
            weapons.append(weapon)
        }
        return weapons
    }

    // MARK: Hints: for a word the parser does not know, what was probably meant: a close spelling
    // ("did you mean 'play'?") or the right form of what was typed (`rps play r p` → `--moves r,p`).

    private static func unknownCommand(_ word: String, arguments: [String]) -> UsageError {
        if let moves = movesList(arguments) {
            return UsageError(
                "unknown command \(ShownText.quoted(word)); to play those moves, type 'rps play --moves \(moves)'.")
        }
        return UsageError(
            "unknown command \(ShownText.quoted(word))"
                + Spelling.choices(for: word, among: CommandName.allCases.map(\.rawValue)))
    }

    /// The error for an option the command does not take; `command` is `nil` for a line naming none.
    private static func unexpectedOption(_ name: String, for command: CommandName?) -> UsageError {
        guard !valueOptions.union(flagOptions).contains(name) else {
            let who = command.map { "'rps \($0.rawValue)'" } ?? "'rps' without a command plays, and playing"
            return UsageError("\(who) does not take the option \(name).", command: command)
        }
        let guess = Spelling.closest(to: name, among: allowed(for: command ?? .play).sorted())
        var hint = guess.map { "; did you mean '\($0)'?" } ?? "."
        if command == .settings, guess == nil {
            hint =
                "; to give a setting a value that starts with --, put -- before the key: "
                + "rps settings set -- <key> \(ShownText.quoted(name))."
        }
        let place = command.map { " for 'rps \($0.rawValue)'" } ?? ""
        return UsageError("unknown option \(ShownText.quoted(name))\(place)\(hint)", command: command)
    }

    /// The error for arguments after `rps play`, which takes its moves with `--moves`.
    private static func unexpectedPlayArguments(_ arguments: [String]) -> UsageError {
        let first = "unexpected argument \(ShownText.quoted(arguments[0])) for 'rps play'"
        guard let moves = movesList(arguments) else { return UsageError(first + ".", command: .play) }
        return UsageError(
            first + "; to play moves from the command line, type 'rps play --moves \(moves)'.", command: .play)
    }

    /// The error for `rps settings <word>` when the word is neither `get` nor `set`.
    private static func unknownSettingsAction(_ word: String) -> UsageError {
        if let key = SettingsChange.key(named: word) {
            return UsageError(
                "to show \(key), type 'rps settings get \(key)'; to change it, 'rps settings set \(key) <value>'.",
                command: .settings)
        }
        let guess = Spelling.closest(to: word, among: ["get", "set"]).map { "did you mean '\($0)'? " } ?? ""
        return UsageError(
            "unknown settings action \(ShownText.quoted(word)); \(guess)type 'rps settings get <key>' to show a "
                + "setting or 'rps settings set <key> <value>' to change one, with a key from: "
                + "\(SettingsChange.keys.joined(separator: ", ")).",
            command: .settings)
    }

    /// The arguments as one `--moves` value when they are all weapons: `["r", "p,s"]` gives `"r,p,s"`.
    private static func movesList(_ arguments: [String]) -> String? {
        let entries = arguments.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard !entries.isEmpty, entries.count <= 100, entries.allSatisfy({ Weapon(argument: $0) != nil }) else {
            return nil
        }
        return entries.map { $0.filter { $0 != " " } }.joined(separator: ",")
    }
}
