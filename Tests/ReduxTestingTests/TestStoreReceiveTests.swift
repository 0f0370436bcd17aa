import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

// Three hundred tests share two cores: the effects get time to run. The timeouts themselves are
// tested in TestStoreInFlightTests.
@Suite(.testStoreTimeout(.seconds(120))) struct TestStoreReceiveTests {
    private func makeStore() -> TestStore<AppState> {
        TestStore(initialState: AppState(), features: allFeatures())
    }

    /// Waits until the store holds `results` effect results.
    ///
    /// - Returns: Whether it came to hold them in time.
    private func holds(_ store: TestStore<AppState>, results: Int) async -> Bool {
        await eventually { store.pendingResults.count >= results }
    }

    private func makeRefreshingStore() -> TestStore<AppState> {
        TestStore(initialState: AppState(), features: refreshingFeatures())
    }

    @Test("an async result completed on another thread is held until received, then asserted")
    func receiveAsyncResult() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
            #expect(store.state.user.isLoading)
            await store.receive(UserState.self) {
                $0.user = UserState(name: "User 7", bio: "Profile 7", isLoading: false)
            }
            #expect(store.pendingResults.isEmpty)
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("results are received in the order they were delivered")
    func receiveInOrder() async {
        let failures = await collectFailures {
            let store = makeRefreshingStore()
            await store.send(Refresh(id: 1, count: 42))
            #expect(store.pendingResults.count == 2)
            await store.receive(CounterState.self, from: RefreshCountReducer.self) {
                $0.counter = CounterState(count: 42, history: [42])
            }
            await store.receive(from: RefreshProfileReducer.self) {
                $0.user = UserState(name: "User 1", bio: "Profile 1")
            }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("receiving out of order fails once, lists the held results, and goes on as the app would")
    func receiveOutOfOrder() async {
        var stateAfter = AppState()
        let failures = await collectFailures {
            let store = makeRefreshingStore()
            await store.send(Refresh(id: 1, count: 42))
            // The counter's change was skipped: it fails, is applied unjudged, and the profile's is judged.
            await store.receive(UserState.self) { $0.user = UserState(name: "User 1", bio: "Profile 1") }
            stateAfter = store.state
            await store.finish()
        }
        #expect(stateAfter.counter == CounterState(count: 42, history: [42]))
        #expect(stateAfter.user == UserState(name: "User 1", bio: "Profile 1"))
        #expect(
            failures.map(\.message) == [
                """
                receive(UserState.self): the oldest held result does not match (results are received in the order they were delivered). Held results, oldest first:
                  1. a CounterState change from RefreshCountReducer
                  2. a UserState change from RefreshProfileReducer
                """
            ])
    }

    @Test("a receive that matches nothing fails once and applies the oldest held result, so the next step passes")
    func receiveMatchingNothingGoesOn() async {
        let failures = await collectFailures {
            let store = makeRefreshingStore()
            await store.send(Refresh(id: 1, count: 42))
            await store.receive(ThemeState.self)
            await store.receive(UserState.self) { $0.user = UserState(name: "User 1", bio: "Profile 1") }
            #expect(store.state.counter == CounterState(count: 42, history: [42]))
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix("receive(ThemeState.self): the oldest held result does not match") == true
        )
    }

    @Test("receive with nothing held and no effect running fails at once")
    func receiveNothing() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(SetTheme(theme: .dark)) { $0.theme.theme = .dark }
            await store.receive(UserState.self)
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix(
                "receive(UserState.self): nothing is waiting to be received, and no effect is running that could "
                    + "send it.") == true)
    }

    @Test("a received result that changes the state differently fails with the diff")
    func receiveWrongChange() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(LoadProfile(id: 3)) { $0.user.isLoading = true }
            await store.receive(UserState.self) { $0.user.name = "User 3" }
        }
        #expect(
            failures.map(\.message) == [
                """
                receive(UserState.self) changed the state differently than the test describes (expected → actual):
                  user.bio: nil → "Profile 3"
                  user.isLoading: true → false
                Describe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets.
                """
            ])
    }

    @Test("results left unreceived are reported at finish")
    func unreceivedAtFinish() async {
        let line: UInt = #line + 4
        let failures = await collectFailures {
            let store = makeRefreshingStore()
            await store.send(Refresh(id: 2, count: 1))
            await store.finish()
        }
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.map(\.message) == [
                """
                The test finished with 2 effect result(s) never received; assert each with `receive`, or set `exhaustivity = .off`:
                  a CounterState change from RefreshCountReducer
                  a UserState change from RefreshProfileReducer
                """
            ])
    }

    @Test("results left unreceived are reported when the test store goes away without finish")
    func unreceivedAtDeinit() async {
        let line: UInt = #line + 2
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: refreshingFeatures())
            await store.send(Refresh(id: 2, count: 1))
        }
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.hasPrefix("The TestStore was deallocated with 2 effect result(s) never received")
                == true)
    }

    @Test("with exhaustivity off, receive skips older results and finish applies the rest")
    func nonExhaustiveReceive() async {
        var finalState = AppState()
        var heldInTime: [Bool] = []
        let failures = await collectFailures {
            let store = makeStore()
            store.exhaustivity = .off
            // Each result held before the next action: the reducers complete on Dispatch's global
            // queue, where two completions may land in either order.
            await store.send(LoadProfile(id: 4))
            heldInTime.append(await holds(store, results: 1))
            await store.send(FetchCount(count: 9))
            heldInTime.append(await holds(store, results: 2))
            await store.send(LoadProfile(id: 5))
            await store.receive(CounterState.self) { $0.counter.count = 9 }
            await store.finish()
            finalState = store.state
        }
        #expect(heldInTime == [true, true])
        #expect(failures.isEmpty)
        #expect(finalState.user.name == "User 5")
        #expect(finalState.counter.count == 9)
    }

    @Test("with exhaustivity off, a receive nothing matches fails")
    func nonExhaustiveNoMatch() async {
        let failures = await collectFailures {
            let store = makeStore()
            store.exhaustivity = .off
            await store.send(LoadProfile(id: 4))
            await store.receive(CounterState.self)
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix(
                "receive(CounterState.self): no held result matches, and no effect is running that could send one.")
                == true)
    }

    @Test("a result whose arrival starts another async reducer is followed by that reducer's result")
    func chainedResults() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: allFeatures() + [ProfileThemeFeature().at(\.theme)])
            await store.send(LoadProfile(id: 6)) { $0.user.isLoading = true }
            await store.receive(UserState.self) { $0.user = UserState(name: "User 6", bio: "Profile 6") }
            await store.receive(ThemeState.self) { $0.theme.theme = .dark }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("with exhaustivity off, finish also applies the results of the results it applies")
    func nonExhaustiveFinishFollowsChains() async {
        var finalState = AppState()
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: allFeatures() + [ProfileThemeFeature().at(\.theme)],
                exhaustivity: .off)
            await store.send(LoadProfile(id: 6))
            await store.finish()
            finalState = store.state
            #expect(store.pendingResults.isEmpty)
        }
        #expect(failures.isEmpty)
        #expect(finalState.theme.theme == .dark)
        #expect(finalState.user.name == "User 6")
    }

    @Test("the patch of an async reducer is received like any result")
    func asyncPatch() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: [UserFeature().at(\.user)])
            store.store.add(BioFeature().at(\.user))
            await store.send(SetName(name: "Ann")) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
            await store.send(LoadBio())
            await store.receive(UserState.self, from: LoadBioReducer.self) { $0.user.bio = "Loaded bio of Ann" }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("a received patch applies to the state as it is then: changes sent meanwhile are kept")
    func patchKeepsChangesSentMeanwhile() async {
        var finalState = AppState()
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures() + [BioFeature().at(\.user)])
            store.exhaustivity = .off
            await store.send(LoadBio())
            await store.send(SetName(name: "Bo")) { $0.user.name = "Bo" }  // applied before the held patch
            await store.receive(from: LoadBioReducer.self) { $0.user.bio = "Loaded bio of Bo" }
            finalState = store.state
            await store.finish()
        }
        #expect(failures.isEmpty)
        #expect(finalState.user == UserState(name: "Bo", bio: "Loaded bio of Bo", tags: ["renamed"]))
    }

    @Test("a whole value from VISPER's completion form replaces what was sent meanwhile")
    func completionFormReplaces() async {
        var finalState = AppState()
        let failures = await collectFailures {
            let store = makeStore()
            store.exhaustivity = .off
            await store.send(LoadProfile(id: 3))
            await store.send(SetName(name: "Bo")) { $0.user.name = "Bo" }
            await store.receive(UserState.self) { $0.user = UserState(name: "User 3", bio: "Profile 3") }
            finalState = store.state
        }
        #expect(failures.isEmpty)
        #expect(finalState.user == UserState(name: "User 3", bio: "Profile 3"))
    }

    @Test("receive names the result by state type, by reducer, by both or by neither")
    func matchingForms() async {
        let failures = await collectFailures {
            let store = makeRefreshingStore()
            await store.send(Refresh(id: 1, count: 2))
            await store.receive { $0.counter = CounterState(count: 2, history: [2]) }
            await store.receive(UserState.self, from: RefreshCountReducer.self)
        }
        #expect(
            failures.map(\.message) == [
                """
                receive(UserState.self, from: RefreshCountReducer.self): the oldest held result does not match (results are received in the order they were delivered). Held results, oldest first:
                  1. a UserState change from RefreshProfileReducer
                """
            ])
    }

    @Test("results of an async reducer in the async form, registered in a container, are held and received")
    func asyncFormInContainer() async {
        let container = ReducerRegistry()
        container.addReducer(reducer: AwaitProfileReducer())
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
            ReducerRoutes(store.store).assertReducers(
                handling: LoadProfile.self, on: UserState.self, are: [AwaitProfileReducer.self])
            await store.send(LoadProfile(id: 3))
            await store.receive(UserState.self) { $0.user.name = "Awaited 3" }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("a TestStore works from a main-actor test")
    @MainActor func mainActor() async {
        let failures = await collectFailures {
            let store = makeStore()
            await store.send(LoadProfile(id: 8)) { $0.user.isLoading = true }
            await store.receive(UserState.self) { $0.user = UserState(name: "User 8", bio: "Profile 8") }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }
}
