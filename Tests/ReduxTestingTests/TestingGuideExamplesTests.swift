import MultiRedux
import ReduxTesting
import Testing

// The examples of Docs/Testing.md, compiled and run. Keep the two in sync: when an example or a
// failure message in the guide changes, change it here too.

// Three hundred tests share two cores: the async reducers get time to run. The timeouts
// themselves are tested in TestStoreTimeoutTests.
@Suite(.testStoreTimeout(.seconds(30))) struct TestingGuideExamplesTests {
    @Test("testing a reducer")
    func reducer() {
        assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState(name: "Ann"))

        assertReduce(IncrementReducer(), action: Increment(by: 2), on: CounterState()) {
            $0.count = 2
            $0.history = [2]
        }

        assertReduce(decrement, action: Increment(by: 1), on: CounterState(count: 3)) {
            $0.count = 2
            $0.history = [2]
        }
    }

    @Test("testing a feature's registrations")
    func registrations() {
        let routes = ReducerRoutes(features: [CounterFeature(), UserFeature(), ThemeFeature()])

        routes.assertReducers(
            handling: SetName.self, on: UserState.self, are: [SetNameReducer.self, TagRenamedReducer.self])
        routes.assertHandled(Increment.self, on: CounterState.self)
        routes.assertHandled(ResetAll(), on: CounterState.self)  // a value: sees `any ResetAction`
        routes.assertReducers(handling: Logout.self, on: UserState.self, are: [])

        routes.assertHandled(SetTheme.self, inSubstatesOf: AppState(), appReducer: appReducer)
        routes.assertEveryRegistrationReached(from: AppState(), appReducer: appReducer)
    }

    @Test("testing a feature's logic without a store")
    func featureLogic() {
        assertReduce(features: [UserFeature()], action: SetName(name: "Ann"), on: AppState(), appReducer: appReducer) {
            $0.user.name = "Ann"
            $0.user.tags = ["renamed"]
        }
    }

    @Test("testing a whole flow")
    func flow() async {
        let store = TestStore(
            initialState: AppState(), appReducer: appReducer,
            features: [CounterFeature(), UserFeature(), ThemeFeature()])

        await store.send(Increment()) {
            $0.counter.count = 1
            $0.counter.history = [1]
        }
        await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
        await store.receive(UserState.self) {
            $0.user = UserState(name: "User 7", bio: "Profile 7", isLoading: false)
        }
        await store.finish()
    }

    @Test("a non-exhaustive flow")
    func nonExhaustiveFlow() async {
        let store = TestStore(
            initialState: AppState(), appReducer: appReducer,
            features: [CounterFeature(), UserFeature(), ThemeFeature()])
        store.exhaustivity = .off

        await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }  // tags changed too: not checked
        await store.send(Increment()) { $0.counter.count += 1 }
        await store.send(LoadProfile(id: 7))
        await store.finish()  // applies the held profile
        #expect(store.state.user.name == "User 7")
    }

    @Test("receiving before the next send")
    func receiveBeforeNextSend() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), appReducer: appReducer, features: [UserFeature()])
            await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
            await store.send(SetName(name: "Ann")) {  // fails: the profile was not received
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                send(SetName): 1 async reducer result(s) must be received before sending another action; assert each with `receive` first, or set `exhaustivity = .off`:
                  UserState from LoadProfileReducer: UserState(name: "User 7", bio: "Profile 7", isLoading: false, tags: Set([]))
                The app applies them before SetName, so they are applied now, without assertion.
                """
            ])
    }

    @Test("an async reducer that never completes")
    func timeouts() async {
        let failures = await collectFailures {
            let container = ReducerRegistry()
            container.addReducer(reducer: ForgetfulBioReducer())  // never calls its completion
            let store = TestStore(initialState: AppState(), appReducer: appReducer, reducerContainer: container)

            store.timeout = .milliseconds(100)  // every step; one second by default
            await store.send(LoadBio())  // fails after 100 ms; the test goes on
            await store.send(LoadBio(), timeout: .milliseconds(150))  // this step only
            await store.finish(timeout: .milliseconds(50))  // waits for what is still running
        }
        #expect(
            failures.first?.message == """
                send(LoadBio) timed out after 100 ms: LoadBio() is still in flight, waiting for async reducer(s) that have not called their completion:
                  ForgetfulBioReducer
                An async reducer must call its completion exactly once, and a ConcurrentActionReducer must return. If it only needs more time, pass `timeout:` or set `store.timeout`. The test goes on; a result that arrives later is held for `receive`.
                """)
        #expect(
            failures.last?.message == """
                finish() waited 50 ms for async reducer(s) still running:
                  ForgetfulBioReducer, started by send(LoadBio)
                  ForgetfulBioReducer, started by send(LoadBio)
                An async reducer must call its completion exactly once, and a ConcurrentActionReducer must return. If it only needs more time, pass `timeout:` or set `store.timeout`.
                """)
        #expect(failures.count == 3)
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
            ReducerRoutes(features: [CounterFeature(), UserFeature(), ThemeFeature()])
                .assertEveryRegistrationReached(from: AppState(), appReducer: appReducerWithoutTheme)
        }
        #expect(
            routing.map(\.message) == [
                """
                1 registration(s) can never run: the app reducer of AppState does not reduce their state types.
                  #7 SetThemeReducer: SetTheme on ThemeState (inPlace)
                The app reducer reduces [CounterState, UserState, AppState].
                """
            ])

        let flow = await collectFailures {
            let store = TestStore(initialState: AppState(), appReducer: appReducer, features: [UserFeature()])
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
                The test finished with 1 async reducer result(s) never received; assert each with `receive`, or set `exhaustivity = .off`:
                  UserState from LoadProfileReducer: UserState(name: "User 7", bio: "Profile 7", isLoading: false, tags: Set([]))
                """,
            ])
    }
}
