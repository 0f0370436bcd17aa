import Foundation
import MultiRedux
import TestHelpers
import Testing

@testable import TodoListExample

// MARK: Docs/MultiRedux.docc/Articles/Features.md

struct Match: State, Equatable {
    var home = TeamScore()
    var away = TeamScore()
}

struct TeamScore: Equatable, Sendable {
    var goals = 0
}

enum Side: Sendable {
    case home, away
}

struct Goal: Action {
    var side: Side
}

struct ScoreFeature: LogicFeature {
    let side: Side

    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { [side] (_, goal: Goal, score: inout TeamScore) in
            if goal.side == side { score.goals += 1 }
        }
    }
}

/// Registers a reducer of `UserState`, which the place it is given below cannot reach.
struct MisplacedFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: SetUsernameReducer())  // a reducer of UserState
    }
}

@Suite struct FeaturesExampleTests {
    @Test("a feature added at run time runs from the next action on")
    func addAtRunTime() {
        let store = Store(initialState: AppState(), features: [UserFeature().at(\.user)])
        store.dispatch(AddTodo(title: "Lost"))  // no feature owns the to-do list yet
        store.add(TodoFeature().at(\.todos))
        store.dispatch(AddTodo(title: "Write docs"))
        #expect(store.state.todos.todos == [Todo(title: "Write docs")])
    }

    @Test("two sub-states of one type are reduced independently")
    func twoSubstatesOfOneType() {
        let match = Store(
            initialState: Match(),
            features: [ScoreFeature(side: .home).at(\.home), ScoreFeature(side: .away).at(\.away)])
        match.dispatch(Goal(side: .home))
        match.dispatch(Goal(side: .home))
        match.dispatch(Goal(side: .away))
        #expect(match.state == Match(home: TeamScore(goals: 2), away: TeamScore(goals: 1)))
    }

    @Test("a reducer no part of the state can reach is reported and not registered")
    func unreachableReducer() {
        let log = Recorder<ReduxIssue>()
        let store = Store(
            initialState: AppState(), features: [MisplacedFeature().at(\.todos)],
            issueReporter: IssueReporter { issue in log.append(issue) })
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        #expect(store.state == AppState())
        #expect(log.all.map(\.kind) == [.unreachableReducer, .unhandledAction])
        let message = log.all.first?.description ?? ""
        #expect(message.hasPrefix("MultiRedux [unreachableReducer]: SetUsernameReducer reduces UserState, but it was"))
        #expect(message.contains("registered by MisplacedFeature at"))
        #expect(
            message.contains("Register reducers of TodoListState (or of AppState, which run after every sub-state)"))
    }

    @Test("a feature placed at the root registers reducers of the root")
    func featureAtTheRoot() {
        struct Audit: LogicFeature {
            func injectReducers(container: any ReducerContainer) {
                container.addReduceFunction { (_, _: any ResetAction, state: inout AppState) in
                    state.user.userName = "(logged out)"
                }
            }
        }
        let store = Store(initialState: AppState(), features: [UserFeature().at(\.user), Audit().at(\.self)])
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        store.dispatch(LogOut())
        #expect(store.state.user.userName == "(logged out)")
    }

    @Test("the store is the ActionDispatcher to hand to code that only sends actions")
    func actionDispatcher() {
        let store = makeStore()
        let dispatcher: any ActionDispatcher = store
        dispatcher.dispatch(AddTodo(title: "Write docs"))
        #expect(store.state.todos.todos.count == 1)
    }
}
