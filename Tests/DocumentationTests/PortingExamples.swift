import MultiRedux

@testable import TodoListExample

// MARK: the Porting article: code written for ReSwift, VISPER-Redux and ReduxSample, ported with the
// changes the page lists, compiled here and run by PortingExampleTests.

/// ReSwift's README: a counter, a screen that subscribes while it is shown, and the options of a
/// subscription.
enum ReSwiftPort {
    struct CounterState: StateType, Equatable { var counter = 0 }
    struct CounterActionIncrease: Action {}
    struct CounterActionDecrease: Action {}

    static func counterReducer(action: any Action, state: CounterState?) -> CounterState {
        var state = state ?? CounterState()
        switch action {
        case is CounterActionIncrease: state.counter += 1
        case is CounterActionDecrease: state.counter -= 1
        default: break
        }
        return state
    }

    /// A screen that shows the counter while it is on screen; ReSwift's view controller without
    /// UIKit.
    final class CounterScreen: StoreSubscriber {
        let store: Store<CounterState>
        private(set) var text = ""
        private(set) var updates = 0

        init(store: Store<CounterState>) {
            self.store = store
        }

        func viewWillAppear() {
            store.subscribe(self)
        }

        func viewWillDisappear() {
            store.unsubscribe(self)
        }

        func update(state: CounterState) {  // ReSwift: newState(state:)
            text = "\(state.counter)"
            updates += 1
        }

        func increaseTapped() {
            store.dispatch(CounterActionIncrease())
        }
    }

    /// A label that shows only the count.
    final class CounterLabel: StoreSubscriber {
        var text = ""

        func update(state: Int) {
            text = "\(state)"
        }
    }
}

/// VISPER-Redux's README: a composite state reduced through an app reducer, a reduce function, a
/// reducer type, a feature, and observable state.
enum VISPERPort {
    struct SetUsernameReducer: ActionReducerType {
        func reduce(provider: any ReducerProvider, action: SetUsernameAction, state: UserState) -> UserState {
            var state = state
            state.userName = action.newUsername
            return state
        }
    }

    struct ExampleLogicFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReducer(reducer: SetUsernameReducer())
        }
    }

    static let appReducer: AppReducer<AppState> = { provider, action, state in
        AppState(user: provider.reduce(action, state.user), todos: provider.reduce(action, state.todos))
    }

    /// VISPER's completion form: the whole new state, handed to a completion.
    struct ReplaceTodosReducer: AsyncActionReducerType {
        let server: TodoServer

        func reduce(
            provider: any ReducerProvider, action: LoadTodos, completion: @escaping @Sendable (TodoListState) -> Void
        ) {
            Task {
                let titles = await server.todoTitles()
                completion(TodoListState(todos: titles.map { Todo(title: $0) }))
            }
        }
    }

    struct FetchScore: Action {}

    /// Completes with a fixed score; placed at one of two sub-states of the same type.
    struct FetchScoreReducer: AsyncActionReducerType {
        func reduce(
            provider: any ReducerProvider, action: FetchScore, completion: @escaping @Sendable (TeamScore) -> Void
        ) {
            completion(TeamScore(goals: 5))
        }
    }

    struct FetchScoreFeature: LogicFeature {
        func injectReducers(container: any ReducerContainer) {
            container.addReducer(reducer: FetchScoreReducer())
        }
    }

    /// Calls its completion twice; the second call is reported and ignored.
    struct TwiceReducer: AsyncActionReducerType {
        func reduce(
            provider: any ReducerProvider, action: FetchScore, completion: @escaping @Sendable (TeamScore) -> Void
        ) {
            completion(TeamScore(goals: 1))
            completion(TeamScore(goals: 2))
        }
    }
}

/// ReduxSample's README: a store whose reducer is replaced before each flow, a subscriber with an
/// identifier, and `dispatch(action:)`.
enum ReduxSamplePort {
    struct TaskListState: State {
        var tasks: [String] = []
        var selectedTask: String?
    }

    struct AddTaskAction: Action {}

    static func addTaskReducer(_ action: any Action, _ state: TaskListState?) -> TaskListState {
        var state = state ?? TaskListState()
        state.tasks.append("New task")
        state.selectedTask = "New task"
        return state
    }

    final class TaskListScreen: StoreSuscriptor {
        var identifier: String { String(describing: TaskListScreen.self) }
        private(set) var state = TaskListState()

        func update(state: TaskListState) {
            self.state = state
        }
    }
}

/// Registers VISPER's completion reducer; placed where `TodoFeature` is.
struct VISPERSyncFeature: LogicFeature {
    let server: TodoServer

    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: VISPERPort.ReplaceTodosReducer(server: server))
    }
}
