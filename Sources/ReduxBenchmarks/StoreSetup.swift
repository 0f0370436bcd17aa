import MultiRedux

/// The typed reducer registered for every ``SubstateAction``: one reducer per action type, on the
/// action's own sub-state, changing it in place.
struct ApplyReducer<Applied: SubstateAction>: ActionReducer {
    func reduce(provider: any ReducerProvider, action: Applied, state: inout Applied.Target) {
        action.apply(to: &state)
    }
}

/// How the store reaches the sub-states.
enum AppReducerForm {
    /// A store built from features placed at `\.game`, `\.history` and `\.settings`: the core way.
    case features
    /// A compatibility store around an `InPlaceAppReducer` closure written out by hand, routing
    /// by state type through a `ReducerRegistry`.
    case handWritten
}

/// A feature that hands its container to the benchmark, which registers the workload's reducers
/// in it: the reducers of each workload differ, the places do not.
private struct PlacedContainerCapture: LogicFeature {
    let keep: (any ReducerContainer) -> Void

    func injectReducers(container: any ReducerContainer) {
        keep(container)
    }
}

/// Registers each reducer in the container of the place its action's sub-state lives at.
private struct PlacedRegistrar: SubstateReducerRegistering {
    let containers: [ObjectIdentifier: any ReducerContainer]

    func register<Applied: SubstateAction>(_: Applied.Type) {
        guard let container = containers[ObjectIdentifier(Applied.Target.self)] else {
            preconditionFailure("ReduxBenchmarks: no feature is placed at a \(Applied.Target.self)")
        }
        container.addReducer(reducer: ApplyReducer<Applied>())
    }
}

extension ReducerRegistry: SubstateReducerRegistering {
    /// Registers the ``ApplyReducer`` of an action type.
    func register<Applied: SubstateAction>(_: Applied.Type) {
        addReducer(reducer: ApplyReducer<Applied>())
    }
}

/// Makes a store over `state` with the reducers `register` adds.
func makeStore(
    _ state: AppState, form: AppReducerForm = .features, register: (any SubstateReducerRegistering) -> Void
) -> Store<AppState> {
    switch form {
    case .features:
        var containers: [ObjectIdentifier: any ReducerContainer] = [:]
        func capture<Part>(_: Part.Type) -> PlacedContainerCapture {
            PlacedContainerCapture { containers[ObjectIdentifier(Part.self)] = $0 }
        }
        let store = Store(
            initialState: state,
            features: [
                capture(GameState.self).at(\.game), capture(ScoreHistory.self).at(\.history),
                capture(Settings.self).at(\.settings), capture(AppState.self).at(\.self),
            ])
        register(PlacedRegistrar(containers: containers))
        return store
    case .handWritten:
        let registry = ReducerRegistry()
        register(registry)
        return Store(
            initialState: state,
            appReducer: { provider, action, state in
                provider.reduce(action, &state.game)
                provider.reduce(action, &state.history)
                provider.reduce(action, &state.settings)
                provider.reduce(action, &state)
            },
            reducerContainer: registry)
    }
}

extension Store where Root == AppState {
    /// A run of `operations` dispatches to this store, cycling through `actions`.
    func makeRun(operations: Int, cycling actions: [any Action]) -> Run {
        Run(operations: operations) {
            forEachDispatch(operations, cycling: actions) { self.dispatch($0) }
            blackHole(self.state.checksum)
        }
    }
}
