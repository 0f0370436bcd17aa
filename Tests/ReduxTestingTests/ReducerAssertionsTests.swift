import MultiRedux
import ReduxTesting
import Testing

@Suite struct ReducerAssertionsTests {
    @Test("a reducer that produces the expected state passes, in both forms")
    func passingReducers() {
        let failures = collectFailures {
            let result = assertReduce(
                SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))
            #expect(result.name == "Ann")
            assertReduce(IncrementReducer(), action: Increment(by: 2), on: CounterState()) {
                $0.count = 2
                $0.history = [2]
            }
            assertReduce(
                ResetCounterReducer(), action: ResetAll(), on: CounterState(count: 5), expected: CounterState())
        }
        #expect(failures.isEmpty)
    }

    @Test("a reducer that produces another state fails with the differing fields")
    func failingReducer() {
        let failures = collectFailures {
            assertReduce(
                SetNameReducer(), action: SetName(name: "Ann"), on: UserState(),
                expected: UserState(name: "Anne", bio: "Hi"))
        }
        #expect(
            failures.map(\.message) == [
                """
                SetNameReducer reduced SetName on UserState to an unexpected state (expected → actual):
                  name: "Anne" → "Ann"
                  bio: "Hi" → nil
                """
            ])
    }

    @Test("the closure form fails when the reducer changes a field the closure leaves alone")
    func closureFormUndescribedChange() {
        let failures = collectFailures {
            assertReduce(IncrementReducer(), action: Increment(), on: CounterState()) { $0.count = 1 }
        }
        #expect(
            failures.map(\.message) == [
                """
                IncrementReducer reduced Increment on CounterState to an unexpected state (expected → actual):
                  history.count: 0 → 1
                  history[0]: (absent) → 1
                """
            ])
    }

    @Test("reduce functions are asserted in both forms")
    func reduceFunctions() {
        let inPlace: (any ReducerProvider, Increment, inout CounterState) -> Void = { _, action, state in
            state.count += action.by
        }
        let failures = collectFailures {
            assertReduce(
                decrement, action: Increment(by: 1), on: CounterState(),
                expected: CounterState(count: -1, history: [-1]))
            assertReduce(decrement, action: Increment(by: 1), on: CounterState()) { $0.count = -1 }
            assertReduce(inPlace, action: Increment(by: 3), on: CounterState(), expected: CounterState(count: 3))
            assertReduce(inPlace, action: Increment(by: 3), on: CounterState()) { $0.count = 4 }
        }
        #expect(
            failures.map(\.message) == [
                """
                The reduce function reduced Increment on CounterState to an unexpected state (expected → actual):
                  history.count: 0 → 1
                  history[0]: (absent) → -1
                """,
                """
                The reduce function reduced Increment on CounterState to an unexpected state (expected → actual):
                  count: 4 → 3
                """,
            ])
    }

    @Test("features reduce a composite state through the app reducer")
    func features() {
        let failures = collectFailures {
            assertReduce(features: allFeatures(), action: SetName(name: "Ann"), on: AppState(), appReducer: appReducer)
            {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
            assertReduce(
                features: allFeatures(), action: Increment(), on: AppState(), appReducer: valueAppReducer,
                expected: AppState(counter: CounterState(count: 1, history: [1])))
            assertReduce(features: [UserFeature()], action: SetName(name: "Bo"), on: UserState()) {
                $0.name = "Bo"
                $0.tags = ["renamed"]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("a feature reduction that differs names the features and the nested path")
    func featuresFailing() {
        let failures = collectFailures {
            assertReduce(
                features: allFeatures(), action: SetTheme(theme: .dark), on: AppState(), appReducer: appReducer
            ) {
                $0.theme.theme = .light
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                Features [CounterFeature, UserFeature, ThemeFeature] reduced SetTheme on AppState to an unexpected state (expected → actual):
                  theme.theme: .light → .dark
                """
            ])
    }

    @Test("an async reducer reached outside a store is reported, pointing at TestStore")
    func asyncReducerOutsideStore() {
        let failures = collectFailures {
            assertReduce(features: [UserFeature()], action: LoadProfile(id: 1), on: UserState()) { $0.isLoading = true }
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix("Features [UserFeature] reported an issue while reducing LoadProfile: ")
                == true)
        #expect(failures.first?.message.contains("LoadProfileReducer is an async reducer") == true)
    }
}
