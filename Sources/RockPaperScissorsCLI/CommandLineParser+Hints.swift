import ReduxPersistence
import RockPaperScissors

/// The errors for words the parser does not know, each with what was probably meant: a close
/// spelling ("did you mean 'play'?") or the right form of what was typed (`rps play r p` →
/// `--moves r,p`).
extension CommandLineParser {
    /// The error for a first argument that names no command.
    static func unknownCommand(_ word: String, arguments: [String]) -> UsageError {
        let commands = CommandName.allCases.map(\.rawValue)
        if let moves = movesList(arguments) {
            return UsageError(
                "unknown command \(ShownText.quoted(word)); to play those moves, type 'rps play --moves \(moves)'.")
        }
        let list = commands.joined(separator: ", ")
        guard let guess = Spelling.closest(to: word, among: commands) else {
            return UsageError("unknown command \(ShownText.quoted(word)); use one of: \(list).")
        }
        return UsageError("unknown command \(ShownText.quoted(word)); did you mean '\(guess)'? Use one of: \(list).")
    }

    /// The error for an option the command does not take; `command` is `nil` when the line named
    /// no command (and so means `play`).
    static func unexpectedOption(_ name: String, for command: CommandName?) -> UsageError {
        let known = valueOptions.union(flagOptions).contains(name)
        let guess = known ? nil : Spelling.closest(to: name, among: allowed(for: command ?? .play).sorted())
        var hint = guess.map { "; did you mean '\($0)'?" } ?? "."
        if command == .settings, guess == nil, !known {
            hint =
                "; to give a setting a value that starts with --, put -- before the key: "
                + "rps settings set -- <key> \(ShownText.quoted(name))."
        }
        guard let command else {
            return UsageError(
                known
                    ? "'rps' without a command plays, and playing does not take the option \(name)."
                    : "unknown option \(ShownText.quoted(name))\(hint)")
        }
        return UsageError(
            known
                ? "'rps \(command.rawValue)' does not take the option \(name)."
                : "unknown option \(ShownText.quoted(name)) for 'rps \(command.rawValue)'\(hint)",
            command: command)
    }

    /// The error for arguments after `rps play`, which takes its moves with `--moves`.
    static func unexpectedPlayArguments(_ arguments: [String], command: String) -> UsageError {
        let first = "unexpected argument \(ShownText.quoted(arguments[0])) for '\(command)'"
        guard let moves = movesList(arguments) else { return UsageError(first + ".", command: .play) }
        return UsageError(
            first + "; to play moves from the command line, type 'rps play --moves \(moves)'.", command: .play)
    }

    /// The error for `rps settings <word>` when the word is neither `get` nor `set`.
    static func unknownSettingsAction(_ word: String) -> UsageError {
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

    /// The arguments as one `--moves` value when every one of them is a weapon or a
    /// comma-separated list of weapons: `["r", "p,s"]` gives `"r,p,s"`.
    private static func movesList(_ arguments: [String]) -> String? {
        let entries = arguments.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard !entries.isEmpty, entries.count <= 100, entries.allSatisfy({ Weapon(argument: $0) != nil }) else {
            return nil
        }
        return entries.map { $0.filter { $0 != " " } }.joined(separator: ",")
    }
}
