import MultiRedux

/// The rules of a round.
struct GameFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: ChooseWeaponReducer())
    }
}

/// The score of the finished rounds.
struct ScoreFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: CountRoundReducer())
    }
}

/// The app: each feature placed at the part of the state it owns.
enum GameApp {
    static var features: [PlacedFeature<AppState>] {
        [GameFeature().at(\.game), ScoreFeature().at(\.score)]
    }
}
