import Dispatch
import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

@Suite struct TestStoreInFlightTests {
    private static let advice =
        "An effect that should have delivered may be waiting for time the test did not advance (a "
        + "TestClock), for a dependency the test did not stub, or it never ends. If it only needs more "
        + "time, pass `timeout:` or set `store.timeout`."

    /// The message listing effects still running.
    private static func stillRunning(_ headline: String, _ effect: String) -> String {
        """
        \(headline)
          \(effect)
        \(advice)
        """
    }

    /// The failure of `finish()` when an effect is still running after `limit`.
    private static func finishWaited(_ limit: String, _ effect: String) -> String {
        stillRunning("finish() waited \(limit) for effect(s) still running:", effect)
    }

    /// The failure of a `receive` that waited `limit` for an effect still running.
    private static func receiveWaited(_ step: String, _ limit: String, _ effect: String) -> String {
        stillRunning("\(step): nothing arrived within \(limit); effect(s) still running:", effect)
    }

    /// The failure of a test store deallocated while an effect was still running.
    private static func deallocatedWhileRunning(_ effect: String) -> String {
        stillRunning(
            "The TestStore was deallocated while effect(s) were still running; call `await store.finish()` at "
                + "the end of the test, or cancel them:", effect)
    }

    /// A test store with the user feature, and one more async reducer of `UserState`.
    private func makeStore<Reducer: AsyncActionReducer<LoadBio, UserState>>(_ reducer: Reducer) -> TestStore<AppState> {
        TestStore(
            initialState: AppState(),
            features: [UserFeature().at(\.user), Registrations { $0.addReducer(reducer: reducer) }.at(\.user)])
    }

    /// A test store with the user feature and an async reducer that a profile result starts.
    private func makeStoreWithForgetfulTheme() -> TestStore<AppState> {
        TestStore(
            initialState: AppState(),
            features: [
                UserFeature().at(\.user),
                Registrations { $0.addReducer(reducer: ForgetfulThemeAfterLoadReducer()) }.at(\.theme),
            ])
    }

    @Test("the default timeout is one second")
    func defaultTimeout() {
        let store = TestStore(initialState: AppState(), features: allFeatures())
        #expect(store.timeout == .seconds(1))
    }

    @Test("a scope sets the timeout new test stores start with; stores made before keep theirs")
    func standardTimeoutIsTaskLocal() {
        let before = TestStore(initialState: AppState(), features: allFeatures())
        TestTimeout.$standard.withValue(.seconds(10)) {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            #expect(store.timeout == .seconds(10))
            #expect(before.timeout == .seconds(1))
        }
        #expect(TestTimeout.standard == .seconds(1))
    }

    @Test("the testStoreTimeout trait gives the test's stores its timeout", .testStoreTimeout(.milliseconds(2500)))
    func traitSetsTheStandardTimeout() {
        let store = TestStore(initialState: AppState(), features: allFeatures())
        #expect(store.timeout == .milliseconds(2500))
    }

    @Test("an effect that never delivers does not hold up send; finish fails naming it; the test goes on")
    func forgottenCompletion() async {
        let finishLine: UInt = #line + 10
        var stateAfter = AppState()
        let failures = await collectFailures {
            let store = makeStore(ForgetfulBioReducer())
            await store.send(LoadBio())
            await store.send(SetName(name: "Ann")) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
            stateAfter = store.state
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(stateAfter.user.name == "Ann")
        #expect(failures.map(\.location.line) == [finishLine])
        #expect(failures.map(\.message) == [Self.finishWaited("50 ms", "ForgetfulBioReducer, started for LoadBio()")])
    }

    @Test("the store's timeout applies to every step that sets none")
    func storeTimeout() async {
        let failures = await collectFailures {
            let store = makeStore(ForgetfulBioReducer())
            store.timeout = .milliseconds(20)
            await store.send(LoadBio())
            await store.receive(UserState.self)
            await store.finish()
        }
        #expect(
            failures.map(\.message) == [
                Self.receiveWaited("receive(UserState.self)", "20 ms", "ForgetfulBioReducer, started for LoadBio()"),
                Self.finishWaited("20 ms", "ForgetfulBioReducer, started for LoadBio()"),
            ])
    }

    @Test("send returns while the effect runs; receive waits for what it delivers")
    func receiveWaitsForTheEffect() async {
        let gate = Gate()
        var stateAfter = AppState()
        let failures = await collectFailures {
            let loading = Registrations { container in
                container.addReducer(reducer: StartLoadingReducer())
                container.addReducer(reducer: GatedProfileReducer(gate: gate))
            }
            let store = TestStore(initialState: AppState(), features: [loading.at(\.user)])
            await store.send(LoadProfile(id: 3)) { $0.user.isLoading = true }
            #expect(store.pendingResults.isEmpty)
            await gate.open()
            await store.receive(UserState.self, timeout: .seconds(10)) { $0.user.name = "Late 3" }
            stateAfter = store.state
            await store.finish()
        }
        #expect(stateAfter.user == UserState(name: "Late 3", isLoading: true))
        #expect(failures.isEmpty)
    }

    @Test("a completion called after the test store is gone changes nothing and does not crash")
    func completionAfterTheTestStoreIsGone() async {
        let completions = HeldCompletions()
        weak var realStore: Store<AppState>?
        let failures = await collectFailures {
            let store = makeStore(DeferredBioReducer(completions: completions))
            realStore = store.store
            await store.send(LoadBio())
        }
        #expect(realStore == nil)
        completions.complete(with: UserState(name: "Too late"))
        #expect(failures.map(\.message) == [Self.deallocatedWhileRunning("DeferredBioReducer, started for LoadBio()")])
    }

    @Test("a test store deallocated without finish reports the effects still running, at its creation")
    func deallocatedWithoutFinish() async {
        let creationLine: UInt = #line + 4
        let failures = await collectFailures {
            let container = ReducerRegistry()
            container.addReducer(reducer: ForgetfulBioReducer())
            let store = TestStore(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
            await store.send(LoadBio())
        }
        #expect(failures.map(\.location.line) == [creationLine])
        #expect(failures.map(\.message) == [Self.deallocatedWhileRunning("ForgetfulBioReducer, started for LoadBio()")])
    }

    @Test("a result that arrives while the test goes on is held, and received")
    func lateCompletionIsReceived() async {
        let completions = HeldCompletions()
        let failures = await collectFailures {
            let store = makeStore(DeferredBioReducer(completions: completions))
            await store.send(LoadBio())
            completions.complete(with: UserState(bio: "Late"))
            #expect(store.pendingResults.count == 1)
            await store.receive(UserState.self) { $0.user.bio = "Late" }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }

    @Test("receive fails naming the effect still running when nothing arrives in time")
    func receiveTimesOut() async {
        let failures = await collectFailures {
            let store = makeStore(ForgetfulBioReducer())
            await store.send(LoadBio())
            await store.receive(UserState.self, timeout: .milliseconds(50))
        }
        #expect(
            failures.map(\.message) == [
                Self.receiveWaited("receive(UserState.self)", "50 ms", "ForgetfulBioReducer, started for LoadBio()"),
                Self.deallocatedWhileRunning("ForgetfulBioReducer, started for LoadBio()"),
            ])
    }

    @Test("an effect a received result starts and that never delivers fails finish, naming what started it")
    func receivedResultStartsForgetfulReducer() async {
        let failures = await collectFailures {
            let store = makeStoreWithForgetfulTheme()
            await store.send(LoadProfile(id: 5)) { $0.user.isLoading = true }
            await store.receive(UserState.self) {
                $0.user = UserState(name: "User 5", bio: "Profile 5")
            }
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(
            failures.map(\.message) == [
                Self.finishWaited(
                    "50 ms", "ForgetfulThemeAfterLoadReducer, started for the UserState change from LoadProfileReducer")
            ])
    }

    @Test("with exhaustivity off, finish applies what is held and lists the effects it did not wait for in skipped")
    func nonExhaustiveFinishListsSkipped() async {
        var skipped: [String] = []
        var stateAfter = AppState()
        let failures = await collectFailures {
            let store = makeStoreWithForgetfulTheme()
            store.exhaustivity = .off
            await store.send(LoadProfile(id: 5))
            await store.finish(timeout: .milliseconds(50))
            skipped = store.skipped
            stateAfter = store.state
        }
        #expect(failures.isEmpty)
        #expect(stateAfter.user == UserState(name: "User 5", bio: "Profile 5"))
        #expect(
            skipped == [
                "finish() applied a UserState change from LoadProfileReducer",
                "finish() did not wait longer than 50 ms for ForgetfulThemeAfterLoadReducer, started for the "
                    + "UserState change from LoadProfileReducer",
            ])
    }

    @Test("send times out, naming the action, when another thread keeps the store busy")
    func sendTimesOutOnABusyStore() async {
        let release = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
        let blocking = Middleware<AppState> { action, _ in
            if (action as? SetName)?.name == "Bob" {
                entered.signal()
                release.wait()
            }
            return action
        }
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: allFeatures(), middleware: [blocking], exhaustivity: .off)
            let real = store.store
            DispatchQueue.global().async { real.dispatch(SetName(name: "Bob")) }
            #expect(signalled(entered))
            await store.send(SetName(name: "Ann"), timeout: .milliseconds(50))
            release.signal()
            await store.finish()
        }
        #expect(
            failures.first?.message
                == "send(SetName) timed out after 50 ms: the store has not finished applying SetName(name: \"Ann\"); "
                + "a reducer, middleware or observer of this store blocks, or another thread keeps it busy.")
    }
}

@Suite(.testStoreTimeout(.seconds(120))) struct TestStoreUnstartedWorkTests {
    @Test("a load an observer dispatches is received, and finish waits for it")
    func observerDispatchedLoad() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            let real = store.store
            let token = real.observe(select: \.user.name) { name in
                if name == "Ann" { real.dispatch(LoadProfile(id: 1)) }
            }
            await store.send(SetName(name: "Ann")) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
                $0.user.isLoading = true  // the observer's LoadProfile, applied in the same step
            }
            await store.receive(UserState.self) {
                $0.user = UserState(name: "User 1", bio: "Profile 1", isLoading: false)
            }
            await store.finish()
            token.cancel()
        }
        #expect(failures.isEmpty)
    }

    @Test("with exhaustivity off, receive lists in skipped what it applied on the way")
    func nonExhaustiveReceiveListsSkipped() async {
        var skipped: [String] = []
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: refreshingFeatures(), exhaustivity: .off)
            await store.send(Refresh(id: 1, count: 4))
            await store.receive(UserState.self) { $0.user.name = "User 1" }
            skipped = store.skipped
            await store.finish()
        }
        #expect(failures.isEmpty)
        #expect(skipped == ["receive(UserState.self) applied a CounterState change from RefreshCountReducer"])
    }

    @Test("an effect cancelled by removing its feature is not pending at finish")
    func removedFeatureIsNotPending() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: AppState(), features: [ForgetfulBioFeature().at(\.user)])
            await store.send(LoadBio())
            store.store.remove(ForgetfulBioFeature().at(\.user))
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(failures.isEmpty)
    }
}
