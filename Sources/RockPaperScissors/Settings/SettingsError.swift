import ReduxPersistence

/// Why a settings change was refused; the description says what to do instead.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No setting has this key.
    case unknownKey(String)
    /// A player name is empty, too long or holds control characters.
    case invalidName(key: String, name: String)
    /// The opponent is neither `human` nor `computer`.
    case unknownOpponent(String)
    /// No strategy has this name.
    case unknownStrategy(String)
    /// The match length is not an odd whole number in range.
    case invalidBestOf(String)

    /// What went wrong and what to type instead.
    public var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown setting \(ShownText.quoted(key))\(Self.choices(for: key, among: SettingsChange.keys))"
        case .invalidName(let key, let name):
            "\(ShownText.quoted(name)) is not a valid \(key) name; use 1 to \(Settings.maximumNameLength) "
                + "characters, not only spaces, without control characters."
        case .unknownOpponent(let value):
            "unknown opponent \(ShownText.quoted(value))"
                + Self.choices(for: value, among: Opponent.allCases.map(\.rawValue))
        case .unknownStrategy(let value):
            "unknown strategy \(ShownText.quoted(value))"
                + Self.choices(for: value, among: ComputerStrategy.allCases.map(\.rawValue))
        case .invalidBestOf(let value):
            "best-of must be an odd whole number from \(Settings.allowedBestOf.lowerBound) to "
                + "\(Settings.allowedBestOf.upperBound), such as 3 or 5; got \(ShownText.quoted(value))."
        }
    }

    /// "; use one of: a, b." or, when one is close to what was typed, "; did you mean 'a'? Use one
    /// of: a, b."
    private static func choices(for typed: String, among candidates: [String]) -> String {
        let list = candidates.joined(separator: ", ")
        guard let guess = Spelling.closest(to: typed, among: candidates) else { return "; use one of: \(list)." }
        return "; did you mean '\(guess)'? Use one of: \(list)."
    }
}
