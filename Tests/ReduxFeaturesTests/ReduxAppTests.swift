import MultiRedux
import TestHelpers
import Testing

private struct Scoreboard: State, Equatable {
    var points = 0
    var bonus = 0
}

private struct Score: Action {
    var points: Int
}

private struct PointsFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, action: Score, state: inout Scoreboard) in
            state.points += action.points
        })
    }
}

private struct BonusFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, action: Score, state: inout Scoreboard) in
            state.bonus = state.points * 2  // chained: sees the points already added
        })
    }
}

@Suite struct ReduxAppTests {
    private func makeApp() -> ReduxApp<Scoreboard> {
        ReduxAppFactory().makeApplication(
            initialState: Scoreboard(), appReducer: { provider, action, state in provider.reduce(action, &state) })
    }

    @Test("add(feature:) injects the feature's reducers into the app's container")
    func addFeatureInjectsReducers() {
        let app = makeApp()
        #expect(app.redux.reducerContainer.reducers(handling: Score.self, on: Scoreboard.self).isEmpty)
        app.add(feature: PointsFeature())
        #expect(app.redux.reducerContainer.reducers(handling: Score.self, on: Scoreboard.self).count == 1)
        app.redux.actionDispatcher.dispatch(Score(points: 3))
        #expect(app.state.value.points == 3)
    }

    @Test("a feature added after the app started dispatching is honoured from the next action")
    func featureAddedLate() {
        let app = makeApp()
        app.add(feature: PointsFeature())
        app.redux.actionDispatcher.dispatch(Score(points: 1))
        app.add(feature: BonusFeature())
        app.redux.actionDispatcher.dispatch(Score(points: 1))
        #expect(app.redux.store.state == Scoreboard(points: 2, bonus: 4))
    }

    @Test("the dispatcher, the store and the container of a Redux setup are wired together")
    func reduxWiring() {
        let redux = Redux<Scoreboard>(
            appReducer: { provider, action, state in provider.reduce(action, state) }, initialState: Scoreboard())
        #expect(redux.reducerContainer === redux.store.reducerContainer)
        let dispatcher = redux.actionDispatcher as? Store<Scoreboard>
        #expect(dispatcher === redux.store)
    }

    @Test("app.state can be mapped and observed")
    func observableAppState() {
        let app = makeApp()
        app.add(feature: PointsFeature())
        let points = Recorder<Int>()
        let bag = SubscriptionReferenceBag()
        bag.addReference(reference: app.state.map(\.points).subscribe { points.append($0) })
        app.redux.actionDispatcher.dispatch(Score(points: 5))
        #expect(points.all == [0, 5])
        #expect(app.state.map(\.points).value == 5)
    }
}
