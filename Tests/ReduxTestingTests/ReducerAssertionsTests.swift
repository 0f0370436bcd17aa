import Foundation
import MultiRedux
import ReduxTesting
import Testing

@Suite struct ReducerAssertionsTests {
    @Test("a reducer that leaves the expected state passes, whichever reduce it implements")
    func passingReducers() {
        let failures = collectFailures {
            let result = assertReduce(
                SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))
            #expect(result.name == "Ann")
            let counter = assertReduce(IncrementReducer(), action: Increment(by: 2), on: CounterState()) {
                $0.count = 2
                $0.history = [2]
            }
            #expect(counter == CounterState(count: 2, history: [2]))
            assertReduce(
                ResetCounterReducer(), action: ResetAll(), on: CounterState(count: 5), expected: CounterState())
        }
        #expect(failures.isEmpty)
    }

    @Test("a reducer that leaves another state fails with the differing fields")
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

    @Test("without an expected state or a closure, the reducer must leave the state as it is")
    func noExpectationMeansNoChange() {
        let failures = collectFailures {
            assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(name: "Ann"))
            assertReduce(SetNameReducer(), action: SetName(name: "Bo"), on: UserState(name: "Ann"))
        }
        #expect(
            failures.map(\.message) == [
                """
                SetNameReducer reduced SetName on UserState to an unexpected state (expected → actual):
                  name: "Ann" → "Bo"
                """
            ])
    }

    @Test("an expected state and a closure together: the closure changes the expected state further")
    func expectedAndClosure() {
        let failures = collectFailures {
            assertReduce(IncrementReducer(), action: Increment(), on: CounterState(), expected: CounterState(count: 1))
            {
                $0.history = [1]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("reduce functions are asserted as FunctionalReducer, in both forms, and named as functions")
    func reduceFunctions() {
        let failures = collectFailures {
            assertReduce(
                FunctionalReducer(reduceFunction: decrement), action: Increment(by: 1), on: CounterState(),
                expected: CounterState(count: -1, history: [-1]))
            assertReduce(FunctionalReducer(reduceFunction: decrement), action: Increment(by: 1), on: CounterState()) {
                $0.count = -1
            }
            assertReduce(FunctionalReducer(reduceFunction: double), action: Increment(), on: CounterState(count: 3)) {
                $0.count = 6
            }
            assertReduce(FunctionalReducer(reduceFunction: double), action: Increment(), on: CounterState(count: 3)) {
                $0.count = 7
            }
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
                  count: 7 → 6
                """,
            ])
    }

    @Test("a failure points at the line of the assertion")
    func failureLocation() {
        let line: UInt = #line + 2
        let failures = collectFailures {
            assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState())
        }
        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.location.fileID == "ReduxTestingTests/ReducerAssertionsTests.swift")
    }

    @Test("an error thrown by the closure is reported as a failure")
    func throwingClosure() {
        struct Unexpected: Error {}
        let failures = collectFailures {
            assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState()) { _ in throw Unexpected() }
        }
        #expect(
            failures.map(\.message) == [
                "SetNameReducer reduced SetName on UserState: the closure describing the expected state threw Unexpected()"
            ])
    }
}

/// The reducers here finish at once; the suite timeout only covers a loaded machine (a full
/// parallel run on two cores, or Thread Sanitizer), where a new task can wait for a free thread.
@Suite(.testStoreTimeout(.seconds(120))) struct AsyncReducerAssertionsTests {
    @Test("an async reducer's patch is applied to the state and compared with the closure")
    func asyncPatch() async {
        let failures = await collectFailures {
            let user = await assertReduce(
                LoadBioReducer(), action: LoadBio(), on: UserState(name: "Ann", isLoading: true)
            ) {
                $0.bio = "Loaded bio of Ann"
                $0.isLoading = false
            }
            #expect(user == UserState(name: "Ann", bio: "Loaded bio of Ann"))
        }
        #expect(failures.isEmpty)
    }

    @Test("a patch keeps the fields it does not write, from the state it is applied to")
    func patchKeepsOtherFields() async {
        let failures = await collectFailures {
            await assertReduce(
                LoadBioReducer(), action: LoadBio(), on: UserState(name: "Bo", isLoading: true, tags: ["vip"]),
                expected: UserState(name: "Bo", bio: "Loaded bio of Bo", tags: ["vip"]))
        }
        #expect(failures.isEmpty)
    }

    @Test("an async patch that changes a field the test does not describe fails with the diff")
    func asyncPatchFails() async {
        let failures = await collectFailures {
            await assertReduce(LoadBioReducer(), action: LoadBio(), on: UserState(name: "Ann", isLoading: true)) {
                $0.bio = "Loaded bio of Ann"
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                LoadBioReducer reduced LoadBio on UserState to an unexpected state (expected → actual):
                  isLoading: true → false
                """
            ])
    }

    @Test("an effect reducer's synchronous change and its effect's updates are asserted together, in order")
    func effectForm() async {
        let failures = await collectFailures {
            await assertReduce(
                LoadBioEffectReducer(), action: LoadBio(), on: UserState(name: "Ann"),
                dependencies: Dependencies()
            ) {
                $0.bio = "Loaded bio of Ann"
                $0.tags = ["loading", "loaded"]
            }
            await assertReduce(LoadBioEffectReducer(), action: LoadBio(), on: UserState(name: "Bo")) {
                $0.bio = "Loaded bio of Bo"
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                LoadBioEffectReducer reduced LoadBio on UserState to an unexpected state (expected → actual):
                  tags.count: 0 → 2
                  tags: (absent) → "loaded"
                  tags: (absent) → "loading"
                """
            ])
    }

    @Test("a reducer in VISPER's completion form is asserted the same way: its value replaces the state")
    func completionForm() async {
        let failures = await collectFailures {
            await assertReduce(LoadProfileReducer(), action: LoadProfile(id: 4), on: UserState(isLoading: true)) {
                $0 = UserState(name: "User 4", bio: "Profile 4")
            }
            await assertReduce(
                LoadProfileReducer(), action: LoadProfile(id: 4), on: UserState(tags: ["kept?"]),
                expected: UserState(name: "User 4", bio: "Profile 4", tags: ["kept?"]))
        }
        #expect(
            failures.map(\.message) == [
                """
                LoadProfileReducer reduced LoadProfile on UserState to an unexpected state (expected → actual):
                  tags.count: 1 → 0
                  tags: "kept?" → (absent)
                """
            ])
    }

    @Test("an async reducer that never delivers fails after the timeout and leaves the state as it was")
    func neverDelivers() async {
        let gate = Gate()  // opened only after the assertion gave up
        let line: UInt = #line + 3
        var result = UserState()
        let failures = await collectFailures {
            result = await assertReduce(
                GatedProfileReducer(gate: gate), action: LoadProfile(id: 1), on: UserState(name: "Ann"),
                timeout: .milliseconds(50))
        }
        await gate.open()
        #expect(result == UserState(name: "Ann"))
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.map(\.message) == [
                "GatedProfileReducer did not deliver a change for LoadProfile(id: 1) within 50 ms. An async reducer must "
                    + "return its change, or call its completion, exactly once. If it only needs more time, pass "
                    + "`timeout:`."
            ])
    }

    @Test("the async form works from a main-actor test")
    @MainActor func mainActor() async {
        let failures = await collectFailures {
            await assertReduce(AwaitProfileReducer(), action: LoadProfile(id: 2), on: UserState()) {
                $0.name = "Awaited 2"
            }
        }
        #expect(failures.isEmpty)
    }
}

@Suite struct FeatureAssertionsTests {
    @Test("placed features reduce a composite state as the app's store does")
    func features() {
        let failures = collectFailures {
            let state = assertReduce(features: allFeatures(), action: SetName(name: "Ann"), on: AppState()) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
            #expect(state.user.name == "Ann")
            assertReduce(
                features: allFeatures(), action: Increment(), on: AppState(),
                expected: AppState(counter: CounterState(count: 1, history: [1])))
            assertReduce(features: [UserFeature().at(\.self)], action: SetName(name: "Bo"), on: UserState()) {
                $0.name = "Bo"
                $0.tags = ["renamed"]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("a feature placed twice reduces each place independently")
    func samePlacedTwice() {
        let failures = collectFailures {
            assertReduce(
                features: [ScoreFeature().at(\.home), ScoreFeature().at(\.away)], action: Goal(), on: MatchState()
            ) {
                $0.home.goals = 1
                $0.away.goals = 1
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("a feature reduction that differs fails with the nested path")
    func featuresFailing() {
        let failures = collectFailures {
            assertReduce(features: allFeatures(), action: SetTheme(theme: .dark), on: AppState()) {
                $0.theme.theme = .light
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                The features reduced SetTheme on AppState to an unexpected state (expected → actual):
                  theme.theme: .light → .dark
                """
            ])
    }

    @Test("a registration no part of the state can reach fails, naming the reducer and the feature")
    func unreachableRegistration() {
        let failures = collectFailures {
            assertReduce(features: [UserAndThemeFeature().at(\.user)], action: SetName(name: "Ann"), on: AppState()) {
                $0.user.name = "Ann"
            }
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.hasPrefix("The store reported an issue: "))
        #expect(message.contains("[unreachableReducer]"))
        #expect(message.contains("SetThemeReducer reduces ThemeState, but it was registered by UserAndThemeFeature"))
    }

    @Test("an async reducer that starts work fails, naming it and pointing at TestStore; its result is not applied")
    func asyncReducerStarted() {
        var state = AppState()
        let failures = collectFailures {
            state = assertReduce(features: allFeatures(), action: LoadProfile(id: 1), on: AppState()) {
                $0.user.isLoading = true
            }
        }
        #expect(state.user == UserState(isLoading: true))
        #expect(
            failures.map(\.message) == [
                "LoadProfile started async work in [LoadProfileReducer], whose results this assertion does not "
                    + "apply (an effect of .none, .cancel or .send is fine); test the flow with TestStore, or the "
                    + "reducer alone with `await assertReduce(…)`."
            ])
    }

    @Test("async reduce functions whose effect is .none, .cancel or .send are checked like any reducer")
    func asyncReducersWithoutWork() {
        struct Clear: Action {}
        struct Cleared: Action {}
        struct ClearingFeature: LogicFeature {
            func injectReducers(container: any ReducerContainer) {
                container.addAsyncReduceFunction { (_, _: Clear, user: inout UserState) -> Effect<UserState> in
                    user.tags = []
                    return .cancel(id: "load")
                }
                container.addAsyncReduceFunction { (_, _: Clear, user: inout UserState) -> Effect<UserState> in
                    user.bio = ""
                    return .send(Cleared())
                }
                container.addAsyncReduceFunction { (_, _: Clear, user: inout UserState) -> Effect<UserState> in
                    user.isLoading = false
                    return .none
                }
                container.addReduceFunction { (_, _: Cleared, user: inout UserState) in user.name = "cleared" }
            }
        }
        let before = UserState(name: "Ann", bio: "Hi", isLoading: true, tags: ["a"])
        let failures = collectFailures {
            let after = assertReduce(features: [ClearingFeature().at(\.self)], action: Clear(), on: before) {
                $0.tags = []
                $0.bio = ""
                $0.isLoading = false
            }
            #expect(after.name == "Ann", "the follow-up action is not applied")
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("an async reduce function is named in a routing test as AsyncReduceFunction<Action, State>")
    func asyncReduceFunctionNamed() {
        struct Clear: Action {}
        struct ClearingFeature: LogicFeature {
            func injectReducers(container: any ReducerContainer) {
                container.addAsyncReduceFunction { (_, _: Clear, _: inout UserState) -> Effect<UserState> in .none }
                container.addReduceFunction { (_, _: Clear, user: inout UserState) in user.tags = [] }
            }
        }
        let failures = collectFailures {
            ReducerRoutes(initialState: AppState(), features: [ClearingFeature().at(\.user)])
                .assertReducers(
                    handling: Clear.self, on: UserState.self,
                    are: [AsyncReduceFunction<Clear, UserState>.self, FunctionalReducer<Clear, UserState>.self])
        }
        #expect(failures.map(\.message) == [])
        let wrongOrder = collectFailures {
            ReducerRoutes(initialState: AppState(), features: [ClearingFeature().at(\.user)])
                .assertReducers(
                    handling: Clear.self, on: UserState.self,
                    are: [FunctionalReducer<Clear, UserState>.self, AsyncReduceFunction<Clear, UserState>.self])
        }
        #expect(
            wrongOrder.first?.message.hasPrefix(
                "Reducers for Clear on UserState are [AsyncReduceFunction<Clear, UserState>, "
                    + "FunctionalReducer<Clear, UserState>], expected [FunctionalReducer<Clear, UserState>, "
                    + "AsyncReduceFunction<Clear, UserState>].") == true)
    }
}

/// Tags the state as loading at once, then loads the bio in an effect and tags it as loaded.
struct LoadBioEffectReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadBio, state: inout UserState) -> Effect<UserState> {
        state.tags.insert("loading")
        return .run { effect in
            await Task.yield()
            effect.update { $0.bio = "Loaded bio of \($0.name)" }
            effect.update { $0.tags.insert("loaded") }
        }
    }
}
