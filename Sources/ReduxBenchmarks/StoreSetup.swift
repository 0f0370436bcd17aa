import MultiRedux

/// The typed reducer registered for every ``SubstateAction``: one reducer per action type, on the
/// action's own sub-state, changing it in place.
struct ApplyReducer<Applied: SubstateAction>: InPlaceActionReducer {
    func reduce(provider: any ReducerProvider, action: Applied, state: inout Applied.Target) {
        action.apply(to: &state)
    }
}

/// How the store's app reducer reaches the sub-states.
enum AppReducerForm {
    /// `reduceSubstates(Substate(\.game), Substate(\.history), Substate(\.settings))`.
    case keyPaths
    /// An `InPlaceAppReducer` closure written out by hand.
    case handWritten

    /// The app reducer of this form.
    var appReducer: InPlaceAppReducer<AppState> {
        switch self {
        case .keyPaths:
            reduceSubstates(Substate(\AppState.game), Substate(\.history), Substate(\.settings))
        case .handWritten:
            { provider, action, state in
                provider.reduce(action, &state.game)
                provider.reduce(action, &state.history)
                provider.reduce(action, &state.settings)
                provider.reduce(action, &state)
            }
        }
    }
}

extension ReducerRegistry: SubstateReducerRegistering {
    /// Registers the ``ApplyReducer`` of an action type.
    func register<Applied: SubstateAction>(_: Applied.Type) {
        addReducer(reducer: ApplyReducer<Applied>())
    }
}

/// Makes a store over `state` whose registry gets the reducers `register` adds.
func makeStore(
    _ state: AppState, form: AppReducerForm = .keyPaths, register: (ReducerRegistry) -> Void
) -> Store<AppState> {
    let registry = ReducerRegistry()
    register(registry)
    return Store(initialState: state, appReducer: form.appReducer, reducerContainer: registry)
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
