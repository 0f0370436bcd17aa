import ReduxPersistence
import RockPaperScissors

/// Reads weapons typed on the command line or piped in.
enum MoveList {
    /// The words accepted for a weapon, for error messages.
    static let accepted = "rock, paper or scissors (or r, p, s)"

    /// Reads a comma-separated list such as `rock,paper,s`.
    ///
    /// - Parameter text: The `--moves` value.
    /// - Returns: The weapons in order.
    /// - Throws: ``UsageError`` naming the first entry that is empty or no weapon.
    static func parse(_ text: String) throws(UsageError) -> [Weapon] {
        var weapons: [Weapon] = []
        for (offset, entry) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            weapons.append(try weapon(String(entry), location: "move \(offset + 1) of --moves"))
        }
        return weapons
    }

    /// Reads one weapon.
    ///
    /// - Parameters:
    ///   - text: The typed word.
    ///   - location: Where it was typed, for the error.
    /// - Returns: The weapon.
    /// - Throws: ``UsageError`` when the word names no weapon.
    static func weapon(_ text: String, location: String) throws(UsageError) -> Weapon {
        guard let weapon = Weapon(argument: text) else {
            let shown = text.isEmpty ? "an empty move" : "the unknown weapon \(ShownText.quoted(text))"
            throw UsageError("\(location) is \(shown); use \(accepted).", command: .play)
        }
        return weapon
    }
}
