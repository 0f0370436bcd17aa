import MultiRedux
import ReduxTesting
import Testing

// Three hundred tests share two cores: the async reducers get time to run. The timeouts
// themselves are tested in TestStoreTimeoutTests.
@Suite(.testStoreTimeout(.seconds(120))) struct TestStoreTests {
    @Test("send passes when the closure describes every change")
    func exhaustiveSendPasses() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(Increment(by: 2)) {
                $0.counter.count = 2
                $0.counter.history = [2]
            }
            await store.send(SetName(name: "Ann")) {
                $0.user.name = "Ann"
                $0.user.tags.insert("renamed")
            }
            await store.send(ResetAll()) { $0.counter = CounterState() }
            #expect(store.state.user.name == "Ann")
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("send fails on a change the closure does not describe, with the diff and a hint")
    func exhaustiveSendFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }
        }
        #expect(
            failures.map(\.message) == [
                """
                send(SetName) changed the state differently than the test describes (expected → actual):
                  user.tags.count: 0 → 1
                  user.tags: (absent) → "renamed"
                Describe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets.
                """
            ])
    }

    @Test("a failed step does not make the following steps fail")
    func failureDoesNotCascade() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(Increment()) { $0.counter.count = 1 }
            await store.send(Increment()) {
                $0.counter.count = 2
                $0.counter.history.append(2)
            }
        }
        #expect(failures.count == 1)
    }

    @Test("send without a closure asserts that nothing changed")
    func sendWithoutClosure() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(SetTheme(theme: .light))
            await store.send(SetTheme(theme: .dark))
        }
        #expect(
            failures.map(\.message) == [
                """
                send(SetTheme) changed the state differently than the test describes (expected → actual):
                  theme.theme: .light → .dark
                Describe every change in the closure, or set `exhaustivity = .off` to check only the fields it sets.
                """
            ])
    }

    @Test("an action no reducer handles fails the step, naming the action")
    func unhandledAction() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(Logout())
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix(
                "send(Logout): the store reported an issue. MultiRedux [unhandledAction]: No reducer handled Logout")
                == true)
    }

    @Test("with exhaustivity off, only the fields the closure sets are checked")
    func nonExhaustive() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            store.exhaustivity = .off
            await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }
            await store.send(Increment()) { $0.counter.count += 1 }
            await store.send(Logout())
            await store.send(LoadProfile(id: 1)) { $0.user.isLoading = false }
            await store.send(Increment()) { $0.counter.count = 5 }
        }
        #expect(
            failures.map(\.message) == [
                """
                send(LoadProfile) changed the state differently than the test describes (expected → actual):
                  user.isLoading: false → true
                """,
                """
                send(Increment) changed the state differently than the test describes (expected → actual):
                  counter.count: 5 → 2
                """,
            ])
    }

    @Test("an error thrown by the closure is reported")
    func throwingClosure() async {
        struct Unexpected: Error {}
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(SetTheme(theme: .dark)) { _ in throw Unexpected() }
        }
        #expect(failures.map(\.message) == ["send(SetTheme): the closure describing the change threw Unexpected()"])
    }

    @Test("the compatibility initialiser takes an app reducer and an existing container")
    func appReducerAndContainer() async {
        let container = ReducerRegistry()
        UserFeature().injectReducers(container: container)
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
            await store.send(SetName(name: "Bo")) {
                $0.user.name = "Bo"
                $0.user.tags = ["renamed"]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("reducers of the root state registered in the closure run after the features'")
    func rootReducers() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures()) { reducers in
                reducers.addReduceFunction { (_, _: SetName, state: inout AppState) in
                    state.counter.history.append(state.user.name.count)
                }
            }
            await store.send(SetName(name: "Ann")) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
                $0.counter.history = [3]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("a registration no part of the state can reach fails at the creation of the test store")
    func unreachableRegistration() async {
        let line: UInt = #line + 2
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: [UserAndThemeFeature().at(\.user)])
            await store.send(SetTheme(theme: .dark))
        }
        #expect(failures.map(\.location.line) == [line, line + 1])
        #expect(
            failures.first?.message.hasPrefix(
                "creating the TestStore: the store reported an issue. MultiRedux [unreachableReducer]: SetThemeReducer "
                    + "reduces ThemeState") == true)
        #expect(
            failures.last?.message.hasPrefix(
                "send(SetTheme): the store reported an issue. MultiRedux [unhandledAction]") == true)
    }

    @Test("a feature added at run time through the real store runs from the next step on")
    func featureAddedLater() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: [CounterFeature().at(\.counter)])
            store.store.add(ThemeFeature().at(\.theme))
            await store.send(SetTheme(theme: .dark)) { $0.theme.theme = .dark }
        }
        #expect(failures.isEmpty)
    }

    @Test("the app's middleware runs after the test store's and sees sent actions")
    func userMiddleware() async {
        let doubling = Middleware<AppState> { action, _ in
            (action as? Increment).map { Increment(by: $0.by * 2) } ?? action
        }
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: allFeatures(), middleware: [doubling])
            await store.send(Increment(by: 1)) {
                $0.counter.count = 2
                $0.counter.history = [2]
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("a failure of send points at the line of the send")
    func sendLocation() async {
        let line: UInt = #line + 3
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            await store.send(SetTheme(theme: .dark))
        }
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("with exhaustivity on, send fails while results are unreceived, lists them and applies them first")
    func sendWithUnreceivedResults() async {
        let line: UInt = #line + 5
        var stateAfter = AppState()
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: refreshingFeatures())
            await store.send(Refresh(id: 7, count: 3))
            await store.send(SetName(name: "Ann")) {  // the change from the state the results left
                $0.user.name = "Ann"
                $0.user.tags.insert("renamed")
            }
            stateAfter = store.state
            #expect(store.pendingResults.isEmpty)
            await store.finish()
        }
        #expect(stateAfter.user == UserState(name: "Ann", bio: "Profile 7", isLoading: false, tags: ["renamed"]))
        #expect(stateAfter.counter == CounterState(count: 3, history: [3]))
        #expect(failures.map(\.location.line) == [line])
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

    @Test("with exhaustivity off, send leaves unreceived results held and is applied before them")
    func nonExhaustiveSendWithUnreceivedResults() async {
        var finalState = AppState()
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: allFeatures(), exhaustivity: .off)
            await store.send(LoadProfile(id: 7)) { $0.user.isLoading = true }
            await store.send(SetName(name: "Ann")) { $0.user.name = "Ann" }
            #expect(store.state.user.name == "Ann")
            await store.finish()
            finalState = store.state
        }
        #expect(failures.isEmpty)
        #expect(finalState.user == UserState(name: "User 7", bio: "Profile 7", isLoading: false))
    }
}
