/// One change to the ``Settings``, carried by an ``UpdateSettingsAction``.
///
/// Validate a change before dispatching it, so the person who asked for it learns what was
/// wrong; the settings reducer refuses invalid changes too, leaving the settings unchanged.
///
/// ```swift
/// let change = try SettingsChange(key: "best-of", value: "5")   // validated
/// store.dispatch(UpdateSettingsAction(change: change))
/// ```
public enum SettingsChange: Equatable, Sendable {
    /// Renames player 1.
    case player1Name(String)
    /// Renames player 2 (the second person in pass-and-play).
    case player2Name(String)
    /// Chooses who plays as player 2.
    case opponent(Opponent)
    /// Chooses how the computer plays.
    case strategy(ComputerStrategy)
    /// Sets the match length: best of this many rounds.
    case bestOf(Int)

    /// The keys ``init(key:value:)`` accepts, in the order settings are shown.
    public static let keys = ["player1", "player2", "opponent", "strategy", "best-of"]

    /// The key a typed setting name stands for: one of ``keys`` in any case, or `bestof` for
    /// `best-of`.
    ///
    /// - Parameter name: The name as typed.
    /// - Returns: The key, or `nil` when no setting has that name.
    public static func key(named name: String) -> String? {
        let lowered = name.lowercased()
        return lowered == "bestof" ? "best-of" : keys.first { $0 == lowered }
    }

    /// Reads a change from a key and a value as typed on the command line, and validates it.
    ///
    /// - Parameters:
    ///   - key: One of ``keys``.
    ///   - value: The new value, as text.
    /// - Throws: ``SettingsError`` when the key is unknown or the value is invalid.
    public init(key: String, value: String) throws(SettingsError) {
        switch Self.key(named: key) {
        case "player1":
            self = .player1Name(value)
        case "player2":
            self = .player2Name(value)
        case "opponent":
            guard let opponent = Opponent(rawValue: value.lowercased()) else { throw .unknownOpponent(value) }
            self = .opponent(opponent)
        case "strategy":
            guard let strategy = ComputerStrategy(rawValue: value.lowercased()) else {
                throw .unknownStrategy(value)
            }
            self = .strategy(strategy)
        case "best-of":
            guard let count = Int(value.trimmingSpaces()) else { throw .invalidBestOf(value) }
            self = .bestOf(count)
        default:
            throw .unknownKey(key)
        }
        try validate()
    }

    /// The key this change sets, as in ``keys``.
    public var key: String {
        switch self {
        case .player1Name: "player1"
        case .player2Name: "player2"
        case .opponent: "opponent"
        case .strategy: "strategy"
        case .bestOf: "best-of"
        }
    }

    /// Checks the new value.
    ///
    /// - Throws: ``SettingsError/invalidName(key:name:)`` for a blank, over-long or
    ///   control-character name; ``SettingsError/invalidBestOf(_:)`` for an even or
    ///   out-of-range match length.
    public func validate() throws(SettingsError) {
        switch self {
        case .player1Name(let name), .player2Name(let name):
            let trimmed = name.trimmingSpaces()
            let hasControl = name.unicodeScalars.contains { $0.properties.generalCategory == .control }
            guard !trimmed.isEmpty, trimmed.count <= Settings.maximumNameLength, !hasControl else {
                throw .invalidName(key: key, name: name)
            }
        case .bestOf(let count):
            guard Settings.allowedBestOf.contains(count), count % 2 == 1 else { throw .invalidBestOf(String(count)) }
        case .opponent, .strategy:
            break
        }
    }
}
