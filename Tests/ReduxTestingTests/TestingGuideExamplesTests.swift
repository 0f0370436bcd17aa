import MultiRedux
import ReduxTesting
import Testing

// The examples of Docs/MultiRedux.docc/Articles/Testing.md, compiled and run. Keep the two in sync: when an example or a
// failure message in the guide changes, change it here too.

// Three hundred tests share two cores: the effects get time to run. The timeouts themselves are
// tested in TestStoreInFlightTests.
@Suite(.testStoreTimeout(.seconds(120))) struct TestingGuideExamplesTests {
    @Test("testing a reducer")
    func reducer() {
        let failures = collectFailures {
            assertReduce(
                SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))

            assertReduce(IncrementReducer(), action: Increment(by: 2), on: CounterState()) {
                $0.count = 2
                $0.history = [2]
            }

            let decrementing = FunctionalReducer(reduceFunction: decrement)  // a reduce function
            assertReduce(decrementing, action: Increment(), on: CounterState(count: 3)) {
                $0.count = 2
                $0.history = [2]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("testing an async reducer")
    func asyncReducer() async {
        let failures = await collectFailures {
            await assertReduce(LoadBioReducer(), action: LoadBio(), on: UserState(name: "Ann", isLoading: true)) {
                $0.bio = "Loaded bio of Ann"
                $0.isLoading = false
            }

            await assertReduce(LoadProfileReducer(), action: LoadProfile(id: 7), on: UserState(isLoading: true)) {
                $0 = UserState(name: "User 7", bio: "Profile 7", isLoading: false)
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("testing a feature's registrations")
    func registrations() {
        let failures = collectFailures {
            let routes = ReducerRoutes(
                initialState: AppState(),
                features: [CounterFeature().at(\.counter), UserFeature().at(\.user), ThemeFeature().at(\.theme)])

            routes.assertReducers(
                handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, TagRenamedReducer.self])
            routes.assertReducers(handling: Increment.self, on: CounterState.self, are: [IncrementReducer.self])
            routes.assertReducers(handling: ResetAll(), on: CounterState.self, are: [ResetCounterReducer.self])
            routes.assertReducers(handling: Logout.self, on: UserState.self, are: [])
        }
        #expect(failures.isEmpty)
    }

    @Test("testing a feature's logic without a store")
    func featureLogic() {
        let failures = collectFailures {
            assertReduce(features: [UserFeature().at(\.user)], action: SetName(name: "Ann"), on: AppState()) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("testing a whole flow")
    func flow() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(),
                features: [CounterFeature().at(\.counter), UserFeature().at(\.user), BioFeature().at(\.user)])

            await store.send(Increment()) {
                $0.counter.count = 1
                $0.counter.history = [1]
            }
            await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
            await store.receive(UserState.self) {
                $0.user = UserState(name: "User 7", bio: "Profile 7", isLoading: false)
            }
            await store.send(LoadBio())
            await store.receive(from: LoadBioReducer.self) { $0.user.bio = "Loaded bio of User 7" }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("a patch lands on the state as it is when received")
    func patchOnCurrentState() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: [UserFeature().at(\.user), BioFeature().at(\.user)])
            store.exhaustivity = .off

            await store.send(LoadBio())  // its patch is held
            await store.send(SetName(name: "Bo")) { $0.user.name = "Bo" }  // applied before the patch
            await store.receive(from: LoadBioReducer.self) { $0.user.bio = "Loaded bio of Bo" }
            #expect(store.state.user.name == "Bo")  // kept: the patch writes only bio and isLoading
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("a non-exhaustive flow")
    func nonExhaustiveFlow() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(),
                features: [CounterFeature().at(\.counter), UserFeature().at(\.user), ThemeFeature().at(\.theme)])
            store.exhaustivity = .off

            await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }  // tags changed too: not checked
            await store.send(Increment()) { $0.counter.count += 1 }
            await store.send(LoadProfile(id: 7))
            await store.finish()  // applies the held profile
            #expect(store.state.user.name == "User 7")
        }
        #expect(failures.isEmpty)
    }

    @Test("receiving before the next send")
    func receiveBeforeNextSend() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: refreshingFeatures())
            await store.send(Refresh(id: 7, count: 3))  // both results are held before send returns
            await store.send(SetName(name: "Ann")) {  // fails: the results were not received
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                send(SetName): 2 effect result(s) must be received before sending another action; assert each with `receive` first, or set `exhaustivity = .off`:
                  a CounterState change from RefreshCountReducer
                  a UserState change from RefreshProfileReducer
                The app applies them before SetName, so they are applied now, without assertion.
                """
            ])
    }

    @Test("an effect that never delivers")
    func timeouts() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: [ForgetfulBioFeature().at(\.user)])

            store.timeout = .milliseconds(100)  // every step; one second by default
            await store.send(LoadBio())  // returns at once: the effect runs on
            await store.receive(UserState.self)  // fails after 100 ms; the test goes on
            await store.finish(timeout: .milliseconds(50))  // this step only
        }
        #expect(
            failures.map(\.message) == [
                """
                receive(UserState.self): nothing arrived within 100 ms; effect(s) still running:
                  ForgetfulBioReducer, started for LoadBio()
                An effect that should have delivered may be waiting for time the test did not advance (a TestClock), for a dependency the test did not stub, or it never ends. If it only needs more time, pass `timeout:` or set `store.timeout`.
                """,
                """
                finish() waited 50 ms for effect(s) still running:
                  ForgetfulBioReducer, started for LoadBio()
                An effect that should have delivered may be waiting for time the test did not advance (a TestClock), for a dependency the test did not stub, or it never ends. If it only needs more time, pass `timeout:` or set `store.timeout`.
                """,
            ])
    }

    @Test("the failure messages the guide shows")
    func guideFailureMessages() async {
        let reducer = collectFailures {
            assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState()) { $0.name = "Anne" }
        }
        #expect(
            reducer.map(\.message) == [
                """
                SetNameReducer reduced SetName on UserState to an unexpected state (expected → actual):
                  name: "Anne" → "Ann"
                """
            ])

        let routing = collectFailures {
            _ = ReducerRoutes(initialState: AppState(), features: [UserAndThemeFeature().at(\.user)])
        }
        #expect(
            routing.map(\.message) == [
                "Building the store reported an issue. MultiRedux [unreachableReducer]: SetThemeReducer reduces "
                    + "ThemeState, but it was registered by UserAndThemeFeature at \\AppState.user, a UserState, so no "
                    + "part of AppState can reach it and it was not registered. Register reducers of UserState (or of "
                    + "AppState, which run after every sub-state) in this feature, and place a feature that registers "
                    + "reducers of ThemeState at its key path: Store(initialState:features:) or "
                    + "store.add(feature.at(\\.path))."
            ])

        let flow = await collectFailures {
            let store = TestStore(initialState: AppState(), features: [UserFeature().at(\.user)])
            await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }
            await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
            await store.finish()
        }
        #expect(
            flow.map(\.message) == [
                """
                send(SetName) changed the state differently than the test describes (expected → actual):
                  user.tags.count: 0 → 1
                  user.tags: (absent) → "renamed"
                Describe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets.
                """,
                """
                The test finished with 1 effect result(s) never received; assert each with `receive`, or set `exhaustivity = .off`:
                  a UserState change from LoadProfileReducer
                """,
            ])
    }
}
