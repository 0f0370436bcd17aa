import MultiRedux
import ReduxTesting
import Testing

@Suite struct TestTimeoutTests {
    @Test(
        "a timeout reads as failure messages write it",
        arguments: [
            (TestTimeout.seconds(1), "1 s"), (.milliseconds(200), "200 ms"), (.seconds(1.5), "1.5 s"),
            (.milliseconds(3000), "3 s"), (.seconds(0.000_001), "1000 ns"), (.never, "never"),
        ])
    func description(timeout: TestTimeout, expected: String) {
        #expect(timeout.description == expected)
    }

    @Test("timeouts are equal when they are equally long; a negative one is zero")
    func equality() {
        #expect(TestTimeout.seconds(1) == .milliseconds(1000))
        #expect(TestTimeout.milliseconds(-5) == .milliseconds(0))
        #expect(TestTimeout.seconds(-1) == .milliseconds(0))
        #expect(TestTimeout.never != .seconds(1))
    }

    @Test("with no time limit, a step waits for its async reducers as before")
    func never() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: AppState(), features: allFeatures())
            store.timeout = .never
            await store.send(LoadProfile(id: 2)) { $0.user.isLoading = true }
            await store.receive(UserState.self) { $0.user = UserState(name: "User 2", bio: "Profile 2") }
            await store.finish()
        }
        #expect(failures.isEmpty)
    }
}
