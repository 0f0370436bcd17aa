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
