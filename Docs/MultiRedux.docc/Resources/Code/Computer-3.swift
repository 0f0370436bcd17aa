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

/// After player 1's choice, the computer answers with its own: an effect.
struct ComputerMoveReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: ChooseWeapon, state: inout GameState) -> Effect<GameState> {
        guard state.player1 != nil, state.player2 == nil else { return .none }
        let computer = provider.dependencies.computer
        return .run { effect in
            effect.send(ChooseWeapon(weapon: computer.choose()))
        }
    }
}

/// The rules of a round against the computer.
struct ComputerGameFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ChooseWeaponReducer())
        container.addReducer(reducer: ComputerMoveReducer())
    }
}

/// The app against the computer: the same score, a game with a computer in it.
enum ComputerGameApp {
    static var features: [PlacedFeature<AppState>] {
        [ComputerGameFeature().at(\.game), ScoreFeature().at(\.score)]
    }
}
