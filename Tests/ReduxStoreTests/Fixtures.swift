import MultiRedux

struct Increment: Action {
    var by = 1
}

struct Append: Action {
    var value: Int
}

struct SetTitle: Action {
    var title: String
}

struct Unknown: Action {}

struct AppState: State, Equatable {
    var count = 0
    var history: [Int] = []
    var settings = Settings()
}

struct Settings: State, Equatable {
    var title = "untitled"
}

/// A store whose reducers count, append to the history and set the title.
func makeStore(
    middleware: [Middleware<AppState>] = [], issueReporter: IssueReporter = .default
) -> Store<AppState> {
    let registry = ReducerRegistry()
    registry.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
        state.count += action.by
    })
    registry.addReduceFunction(reduceFunction: { (_, action: Append, state: inout AppState) in
        state.history.append(action.value)
    })
    registry.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
        state.title = action.title
    })
    return Store(
        initialState: AppState(),
        appReducer: reduceSubstates(Substate(\.settings)),
        reducerContainer: registry,
        middleware: middleware,
        issueReporter: issueReporter)
}

/// A subscriber that records every value it receives.
final class RecordingSubscriber<Value: Sendable>: StoreSuscriptor, @unchecked Sendable {
    private(set) var received: [Value] = []
    var onUpdate: ((Value) -> Void)?

    func update(state: Value) {
        received.append(state)
        onUpdate?(state)
    }
}
