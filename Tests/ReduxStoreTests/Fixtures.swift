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

/// A feature whose registrations are a closure, for tests that need particular reducers at a
/// particular place.
struct InlineFeature: LogicFeature {
    let register: (any ReducerContainer) -> Void

    init(_ register: @escaping (any ReducerContainer) -> Void) {
        self.register = register
    }

    func injectReducers(container: any ReducerContainer) {
        register(container)
    }
}

/// Sets the title of the settings it is placed at.
struct SettingsFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, action: SetTitle, state: inout Settings) in
            state.title = action.title
        })
    }
}

/// A store built from a settings feature and root reducers that count and append to the history.
func makeStore(
    middleware: [Middleware<AppState>] = [], issueReporter: IssueReporter = .default
) -> Store<AppState> {
    Store(
        initialState: AppState(), features: [SettingsFeature().at(\.settings)], middleware: middleware,
        issueReporter: issueReporter
    ) { reducers in
        reducers.addReduceFunction(reduceFunction: { (_, action: Increment, state: inout AppState) in
            state.count += action.by
        })
        reducers.addReduceFunction(reduceFunction: { (_, action: Append, state: inout AppState) in
            state.history.append(action.value)
        })
    }
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
