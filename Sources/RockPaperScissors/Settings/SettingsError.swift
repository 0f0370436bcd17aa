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
            "unknown setting '\(key)'; use one of: \(SettingsChange.keys.joined(separator: ", "))."
        case .invalidName(let key, let name):
            "'\(name)' is not a valid \(key) name; use 1 to \(Settings.maximumNameLength) characters, "
                + "not only spaces, without control characters."
        case .unknownOpponent(let value):
            "unknown opponent '\(value)'; use one of: \(Opponent.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownStrategy(let value):
            "unknown strategy '\(value)'; use one of: "
                + "\(ComputerStrategy.allCases.map(\.rawValue).joined(separator: ", "))."
        case .invalidBestOf(let value):
            "best-of must be an odd whole number from \(Settings.allowedBestOf.lowerBound) to "
                + "\(Settings.allowedBestOf.upperBound), such as 3 or 5; got '\(value)'."
        }
    }
}
