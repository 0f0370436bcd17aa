import MultiRedux
import TestHelpers
import Testing

@testable import TodoListExample

/// The examples of <doc:ReducersAndRouting>.
@Suite struct ReducersExampleTests {
    @Test("reducers run on the dynamic type of the action: a concrete type and a protocol")
    func matchingRules() {
        let store = makeStore()
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        store.dispatch(AddTodo(title: "Write docs"))
        #expect(store.state.user.userName == "Ada")
        #expect(store.state.todos.todos == [Todo(title: "Write docs")])
        store.dispatch(SessionExpired())  // any ResetAction
        #expect(store.state == AppState())
    }

    @Test("a reducer on the root runs after the sub-states and sees their result")
    func rootReducer() {
        let store = Store(
            initialState: AppState(), features: [UserFeature().at(\.user), TodoFeature().at(\.todos)]
        ) { reducers in
            reducers.addReduceFunction { (_, _: AddTodo, state: inout AppState) in
                if let last = state.todos.todos.indices.last {
                    state.todos.todos[last].owner = state.user.userName
                }
            }
        }
        store.dispatch(SetUsernameAction(newUsername: "Ada"))
        store.dispatch(AddTodo(title: "Write docs"))
        #expect(store.state.todos.todos == [Todo(title: "Write docs", owner: "Ada")])
    }

    @Test("reducers for one pair are chained in registration order")
    func chaining() {
        struct Score: State { var points = 0 }
        struct Scored: Action {}
        let store = Store(initialState: Score()) { reducers in
            reducers.addReduceFunction { (_, _: Scored, state: inout Score) in state.points += 1 }
            reducers.addReduceFunction { (_, _: Scored, state: inout Score) in state.points *= 10 }
        }
        store.dispatch(Scored())
        #expect(store.state.points == 10)
    }

    @Test("FunctionalReducer: a reduce function as a reducer value")
    func functionalReducer() {
        let reducer = FunctionalReducer { (_, action: SetUsernameAction, state: inout UserState) in
            state.userName = action.newUsername
        }
        let registry = ReducerRegistry()
        registry.addReducer(reducer: reducer)
        var user = UserState()
        registry.reduce(SetUsernameAction(newUsername: "Ada"), &user)
        #expect(user.userName == "Ada")
    }

    @Test("introspection lists the reducers a feature registers for an action type")
    func introspection() {
        let registry = ReducerRegistry()
        UserFeature().injectReducers(container: registry)
        let handling = registry.reducers(handling: SetUsernameAction.self, on: UserState.self)
        #expect(handling.map(\.description) == ["#0 SetUsernameReducer: SetUsernameAction on UserState"])
        // A registration for a protocol existential cannot be judged from a type alone.
        #expect(registry.reducers(handling: LogOut.self, on: UserState.self).isEmpty)
        var user = UserState()
        registry.reduce(SetUsernameAction(newUsername: "Ada"), &user)
        #expect(user.userName == "Ada")
    }
}
