import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

// Three hundred tests share two cores: the async reducers get time to run. The timeouts
// themselves are tested in TestStoreTimeoutTests.
@Suite(.testStoreTimeout(.seconds(120))) struct FailureReporterTests {
    @Test("under Swift Testing, the automatic reporter records an issue with the message at the assertion's line")
    func automaticReporterRecordsSwiftTestingIssue() {
        let line = #line + 2
        withKnownIssue {
            assertReduce(SetNameReducer(), action: SetName(name: "Ann"), on: UserState(), expected: UserState())
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == "ReduxTestingTests/FailureReporterTests.swift"
                && issue.comments.contains { $0.rawValue.hasSuffix(#"name: "" → "Ann""#) }
        }
    }

    @Test("a test store reports to the reporter it was given, also at deinit")
    func injectedReporter() async {
        let seen = Recorder<TestFailure>()
        do {
            let store = TestStore(
                initialState: AppState(), features: refreshingFeatures(),
                failureReporter: FailureReporter { seen.append($0) })
            await store.send(Refresh(id: 1, count: 1))
        }
        #expect(seen.all.count == 1)
        #expect(seen.all.first?.message.hasPrefix("The TestStore was deallocated with 2 effect result(s)") == true)
    }

    @Test("a test store keeps the reporter that was current when it was created")
    func capturedReporter() async {
        let seen = Recorder<TestFailure>()
        let store = FailureReporter.$current.withValue(FailureReporter { seen.append($0) }) {
            TestStore(initialState: AppState(), features: allFeatures())
        }
        let outside = await collectFailures {
            await store.send(SetTheme(theme: .dark))
        }
        #expect(outside.isEmpty)
        #expect(seen.all.map(\.description).first?.hasPrefix("ReduxTestingTests/FailureReporterTests.swift:") == true)
    }

    @Test("collected failures nest: the innermost collector gets them")
    func nestedCollectors() {
        var inner: [TestFailure] = []
        let outer = collectFailures {
            inner = collectFailures {
                ReducerRoutes(initialState: AppState(), features: [UserFeature().at(\.user)])
                    .assertReducers(handling: Logout.self, on: UserState.self, are: [SetNameReducer.self])
            }
        }
        #expect(inner.count == 1)
        #expect(outer.isEmpty)
    }
}
