/// How often each weapon was chosen.
public struct WeaponCounts: Equatable, Sendable {
    /// Times rock was chosen.
    public private(set) var rock = 0
    /// Times paper was chosen.
    public private(set) var paper = 0
    /// Times scissors were chosen.
    public private(set) var scissors = 0

    /// Creates counts of zero.
    public init() {}

    /// The count for one weapon.
    ///
    /// - Parameter weapon: The weapon.
    public subscript(weapon: Weapon) -> Int {
        switch weapon {
        case .rock: rock
        case .paper: paper
        case .scissors: scissors
        }
    }

    /// Counts one more choice of a weapon.
    ///
    /// - Parameter weapon: The chosen weapon.
    /// - Complexity: O(1).
    mutating func add(_ weapon: Weapon) {
        switch weapon {
        case .rock: rock += 1
        case .paper: paper += 1
        case .scissors: scissors += 1
        }
    }

    /// All choices counted.
    public var total: Int { rock + paper + scissors }

    /// The weapons chosen most often, in `Weapon.allCases` order; all three when nothing was
    /// counted or all counts tie.
    public var mostFrequent: [Weapon] {
        let top = Weapon.allCases.map { self[$0] }.max() ?? 0
        return Weapon.allCases.filter { self[$0] == top }
    }
}
