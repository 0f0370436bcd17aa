import MultiRedux

/// One change to the ``Settings``, carried by an ``UpdateSettingsAction``.
///
/// Validate a change before dispatching it, so the person who asked for it learns what was
/// wrong; the settings reducer refuses invalid changes too, leaving the settings unchanged.
///
/// ```swift
/// let change = try SettingsChange(key: "best-of", value: "5")   // validated
/// store.dispatch(UpdateSettingsAction(change: change))
/// ```
package enum SettingsChange: Equatable, Sendable {
    case player1Name(String)
    case player2Name(String)
    case opponent(Opponent)
    case strategy(ComputerStrategy)
    case bestOf(Int)

    /// The keys ``init(key:value:)`` accepts, in the order settings are shown.
    package static let keys = ["player1", "player2", "opponent", "strategy", "best-of"]

    /// The key a typed name stands for (any case; `bestof` for `best-of`), if any.
    package static func key(named name: String) -> String? {
        let lowered = name.lowercased()
        return lowered == "bestof" ? "best-of" : keys.first { $0 == lowered }
    }

    /// Reads a change from a key and a value as typed on the command line, and validates it.
    package init(key: String, value: String) throws(SettingsError) {
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

    package var key: String {
        switch self {
        case .player1Name: "player1"
        case .player2Name: "player2"
        case .opponent: "opponent"
        case .strategy: "strategy"
        case .bestOf: "best-of"
        }
    }

    /// The new value as text, as `rps settings set <key> <value>` takes it.
    package var value: String {
        switch self {
        case .player1Name(let name), .player2Name(let name): name
        case .opponent(let opponent): opponent.rawValue
        case .strategy(let strategy): strategy.rawValue
        case .bestOf(let count): String(count)
        }
    }

    /// Checks the new value: a name must not be blank, over-long or hold control characters; a
    /// match length must be odd and in range.
    package func validate() throws(SettingsError) {
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

extension SettingsChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case key, value
    }

    /// Reads a change written as `{"key": "best-of", "value": "5"}`, validated.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let key = try container.decode(String.self, forKey: .key)
        let value = try container.decode(String.self, forKey: .value)
        self = try SettingsError.decoding(in: container) { () throws(SettingsError) in
            try SettingsChange(key: key, value: value)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(value, forKey: .value)
    }
}

/// Changes one setting; check the change first: the settings reducer ignores an invalid one.
package struct UpdateSettingsAction: Action, Equatable, Codable {
    package var change: SettingsChange

    package init(change: SettingsChange) {
        self.change = change
    }
}
