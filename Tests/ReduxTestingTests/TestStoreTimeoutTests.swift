import MultiRedux
import ReduxTesting
import Testing

@Suite struct TestStoreTimeoutTests {
    private static let advice =
        "An async reducer must return its change, or call its completion, exactly once. "
        + "If it only needs more time, pass `timeout:` or set `store.timeout`."

    /// The message of a step that timed out.
    private static func timedOut(_ step: String, _ limit: String, _ action: String, _ reducer: String) -> String {
        """
        \(step) timed out after \(limit): \(action) is still in flight, waiting for async reducer(s) that have not delivered their change:
          \(reducer)
        \(advice) The test goes on; a result that arrives later is held for `receive`.
        """
    }

    /// The message listing an async reducer still running when the test ends.
    private static func stillRunning(_ headline: String, _ reducer: String) -> String {
        """
        \(headline)
          \(reducer)
        \(advice)
        """
    }

    /// The failure of `finish()` when an async reducer is still running after `limit`.
    private static func finishWaited(_ limit: String, _ reducer: String) -> String {
        stillRunning("finish() waited \(limit) for async reducer(s) still running:", reducer)
    }

    /// The failure of a test store deallocated while an async reducer was still running.
    private static func deallocatedWhileRunning(_ reducer: String) -> String {
        stillRunning(
            "The TestStore was deallocated while async reducer(s) were still running; "
                + "call `await store.finish()` at the end of the test:", reducer)
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

    @Test("an async reducer that never calls its completion fails send, then finish; the test goes on")
    func forgottenCompletion() async {
        let sendLine: UInt = #line + 5
        let finishLine: UInt = #line + 10
        var stateAfter = AppState()
        let failures = await collectFailures {
            let store = makeStore(ForgetfulBioReducer())
            await store.send(LoadBio(), timeout: .milliseconds(50))
            await store.send(SetName(name: "Ann")) {
                $0.user.name = "Ann"
                $0.user.tags = ["renamed"]
            }
            stateAfter = store.state
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(stateAfter.user.name == "Ann")
        #expect(failures.map(\.location.line) == [sendLine, finishLine])
        #expect(
            failures.map(\.message) == [
                Self.timedOut("send(LoadBio)", "50 ms", "LoadBio()", "ForgetfulBioReducer"),
                Self.finishWaited("50 ms", "ForgetfulBioReducer, started by send(LoadBio)"),
            ])
    }

    @Test("the store's timeout applies to every step that sets none")
    func storeTimeout() async {
        let failures = await collectFailures {
            let store = makeStore(ForgetfulBioReducer())
            store.timeout = .milliseconds(20)
            await store.send(LoadBio())
            await store.finish(timeout: .milliseconds(20))
        }
        #expect(
            failures.map(\.message) == [
                Self.timedOut("send(LoadBio)", "20 ms", "LoadBio()", "ForgetfulBioReducer"),
                Self.finishWaited("20 ms", "ForgetfulBioReducer, started by send(LoadBio)"),
            ])
    }

    @Test("an async reducer that returns after the timeout delivers a result that is held and received")
    func lateAsyncReducer() async {
        let gate = Gate()
        var stateAfter = AppState()
        let failures = await collectFailures {
            let loading = Registrations { container in
                container.addReducer(reducer: StartLoadingReducer())
                container.addReducer(reducer: GatedProfileReducer(gate: gate))
            }
            let store = TestStore(initialState: AppState(), features: [loading.at(\.user)])
            await store.send(LoadProfile(id: 3), timeout: .milliseconds(50)) { $0.user.isLoading = true }
            #expect(store.pendingResults.isEmpty)
            await gate.open()
            await store.receive(UserState.self, timeout: .seconds(10)) { $0.user.name = "Late 3" }
            stateAfter = store.state
            await store.finish()
        }
        #expect(stateAfter.user == UserState(name: "Late 3", isLoading: true))
        #expect(
            failures.map(\.message) == [
                Self.timedOut(
                    "send(LoadProfile)", "50 ms", "LoadProfile(id: 3)", "GatedProfileReducer")
            ])
    }

    @Test("a completion called after the test store is gone changes nothing and does not crash")
    func completionAfterTheTestStoreIsGone() async {
        let completions = HeldCompletions()
        weak var realStore: Store<AppState>?
        let failures = await collectFailures {
            let store = makeStore(DeferredBioReducer(completions: completions))
            realStore = store.store
            await store.send(LoadBio(), timeout: .milliseconds(50))
        }
        #expect(realStore == nil)
        completions.complete(with: UserState(name: "Too late"))
        #expect(
            failures.map(\.message) == [
                Self.timedOut("send(LoadBio)", "50 ms", "LoadBio()", "DeferredBioReducer"),
                Self.deallocatedWhileRunning("DeferredBioReducer, started by send(LoadBio)"),
            ])
    }

    @Test("a test store deallocated without finish reports the async reducers still running, at its creation")
    func deallocatedWithoutFinish() async {
        let creationLine: UInt = #line + 4
        let failures = await collectFailures {
            let container = ReducerRegistry()
            container.addReducer(reducer: ForgetfulBioReducer())
            let store = TestStore(initialState: AppState(), appReducer: appReducer, reducerContainer: container)
            await store.send(LoadBio(), timeout: .milliseconds(50))
        }
        #expect(failures.count == 2)
        #expect(failures.last?.location.line == creationLine)
        #expect(failures.last?.message == Self.deallocatedWhileRunning("ForgetfulBioReducer, started by send(LoadBio)"))
    }

    @Test("a late completion while the test goes on is held, and must be received before the next send")
    func lateCompletionBeforeNextSend() async {
        let completions = HeldCompletions()
        let failures = await collectFailures {
            let store = makeStore(DeferredBioReducer(completions: completions))
            await store.send(LoadBio(), timeout: .milliseconds(50))
            completions.complete(with: UserState(bio: "Late"))
            #expect(store.pendingResults.count == 1)
            await store.receive(UserState.self) { $0.user.bio = "Late" }
            await store.finish()
        }
        #expect(
            failures.map(\.message) == [
                Self.timedOut("send(LoadBio)", "50 ms", "LoadBio()", "DeferredBioReducer")
            ])
    }

    @Test("receive waits for a reducer that timed out, and fails naming it when no result comes")
    func receiveTimesOut() async {
        let failures = await collectFailures {
            let store = makeStore(ForgetfulBioReducer())
            await store.send(LoadBio(), timeout: .milliseconds(50))
            await store.receive(UserState.self, timeout: .milliseconds(50))
        }
        #expect(
            failures.map(\.message) == [
                Self.timedOut("send(LoadBio)", "50 ms", "LoadBio()", "ForgetfulBioReducer"),
                """
                receive(UserState.self): no async reducer result arrived within 50 ms; still running:
                  ForgetfulBioReducer, started by send(LoadBio)
                \(Self.advice)
                """,
                Self.deallocatedWhileRunning("ForgetfulBioReducer, started by send(LoadBio)"),
            ])
    }

    @Test("a received result whose own async reducer never completes fails receive, then finish")
    func receivedResultStartsForgetfulReducer() async {
        let failures = await collectFailures {
            let store = makeStoreWithForgetfulTheme()
            await store.send(LoadProfile(id: 5)) { $0.user.isLoading = true }
            await store.receive(UserState.self, timeout: .milliseconds(50)) {
                $0.user = UserState(name: "User 5", bio: "Profile 5")
            }
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(
            failures.map(\.message) == [
                Self.timedOut(
                    "receive(UserState.self)", "50 ms", "the UserState change from LoadProfileReducer",
                    "ForgetfulThemeAfterLoadReducer"),
                Self.finishWaited("50 ms", "ForgetfulThemeAfterLoadReducer, started by receive(UserState.self)"),
            ])
    }

    @Test("with exhaustivity off, finish times out on an async reducer started by a result it applies")
    func nonExhaustiveFinishTimesOut() async {
        let failures = await collectFailures {
            let store = makeStoreWithForgetfulTheme()
            store.exhaustivity = .off
            await store.send(LoadProfile(id: 5))
            await store.finish(timeout: .milliseconds(50))
        }
        #expect(
            failures.map(\.message) == [
                Self.timedOut(
                    "finish()", "50 ms", "the UserState change from LoadProfileReducer",
                    "ForgetfulThemeAfterLoadReducer")
            ])
    }
}
