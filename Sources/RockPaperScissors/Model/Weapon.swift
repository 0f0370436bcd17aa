/// One of the three weapons a player can choose.
///
/// Each weapon beats exactly one other (``beats``) and is beaten by one (``beatenBy``). The raw
/// value is the lower-case name used in the state file and on the command line.
public enum Weapon: String, CaseIterable, Codable, Sendable {
    /// Rock blunts scissors.
    case rock
    /// Paper wraps rock.
    case paper
    /// Scissors cut paper.
    case scissors

    package var displayName: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    package var beats: Weapon {
        switch self {
        case .rock: .scissors
        case .paper: .rock
        case .scissors: .paper
        }
    }

    /// The weapon that beats this one: the three beat one another in a circle.
    package var beatenBy: Weapon { beats.beats }

    /// Reads a weapon typed by a person: the full name or its first letter, in any case, with
    /// surrounding spaces ignored; `nil` when the text names none.
    package init?(argument: String) {
        let word = argument.trimmingSpaces().lowercased()
        guard let weapon = Weapon.allCases.first(where: { $0.rawValue == word || $0.rawValue.prefix(1) == word })
        else { return nil }
        self = weapon
    }
}

extension String {
    /// Without leading and trailing white space; the domain module needs no Foundation for it.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
