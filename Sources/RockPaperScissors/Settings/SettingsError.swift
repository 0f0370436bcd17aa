import ReduxPersistence

/// Why a settings change was refused; the description says what was wrong (the `rps` command
/// line adds the choices, and the one closest to what was typed).
package enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownKey(String)
    case invalidName(key: String, name: String)
    case unknownOpponent(String)
    case unknownStrategy(String)
    case invalidBestOf(String)

    package var description: String {
        switch self {
        case .unknownKey(let key):
            "unknown setting \(ShownText.quoted(key))"
        case .invalidName(let key, let name):
            "\(ShownText.quoted(name)) is not a valid \(key) name; use 1 to \(Settings.maximumNameLength) "
                + "characters, not only spaces, without control characters."
        case .unknownOpponent(let value):
            "unknown opponent \(ShownText.quoted(value))"
        case .unknownStrategy(let value):
            "unknown strategy \(ShownText.quoted(value))"
        case .invalidBestOf(let value):
            "best-of must be an odd whole number from \(Settings.allowedBestOf.lowerBound) to "
                + "\(Settings.allowedBestOf.upperBound), such as 3 or 5; got \(ShownText.quoted(value))."
        }
    }
}

extension SettingsError {
    /// Runs a check while decoding, and reports a refused setting as the decoder's own error, at
    /// the container being read.
    package static func decoding<Value, Key>(
        in container: KeyedDecodingContainer<Key>, _ check: () throws(SettingsError) -> Value
    ) throws -> Value {
        do {
            return try check()
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: container.codingPath, debugDescription: error.description))
        }
    }
}
