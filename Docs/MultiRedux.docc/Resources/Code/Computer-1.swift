import MultiRedux

/// How the computer chooses its weapon: a dependency of the store, so a test decides it.
struct ComputerPlayer: Sendable {
    var choose: @Sendable () -> Weapon
}

/// The computer chooses at random in the app, always rock in a test.
private let computerKey = DependencyKey(
    live: ComputerPlayer(choose: { [Weapon.rock, .paper, .scissors].randomElement() ?? .rock }),
    test: ComputerPlayer(choose: { .rock }))

extension Dependencies {
    /// How the computer chooses.
    var computer: ComputerPlayer {
        get { self[computerKey] }
        set { self[computerKey] = newValue }
    }
}
