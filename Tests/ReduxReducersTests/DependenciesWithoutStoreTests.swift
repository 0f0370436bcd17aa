import MultiRedux
import ReduxShared
import TestHelpers
import Testing

@testable import ReduxReducers

private let greetingKey = DependencyKey(live: "live greeting", test: "test greeting")
private let serverKey = DependencyKey(live: "https://example.com")

/// A dependency that hears when effect work starts and ends (a test clock is one).
private final class WorkCounter: EffectWorkObserver {
    func workStarted() {}
    func workEnded() {}
}

private let workCounterKey = DependencyKey<WorkCounter?>(live: nil)

/// Dependencies at the reducers' layer: values, test mode and the reporter, and what a provider
/// outside any store gives, without a store.
@Suite struct DependenciesWithoutStoreTests {
    @Test("an override is read back; a key not overridden gives its live value")
    func overridesAndLiveValues() {
        let dependencies = Dependencies { $0[greetingKey] = "hello" }
        #expect(dependencies[greetingKey] == "hello")
        #expect(dependencies[serverKey] == "https://example.com")
        #expect(Dependencies()[greetingKey] == "live greeting")
    }

    @Test("in test mode a key gives its test value; one without a test value is reported and gives its live value")
    func testMode() {
        let issues = IssueCollector()
        var dependencies = Dependencies()
        dependencies.isTesting = true
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[greetingKey] == "test greeting")
        #expect(issues.kinds.isEmpty)
        #expect(dependencies[serverKey] == "https://example.com")
        #expect(issues.kinds == [.missingDependency])
        #expect(issues.issues.first?.message.hasPrefix("A test read the dependency String (declared at") == true)
    }

    @Test("an overridden value that observes effect work is listed for the store that runs the work")
    func workObservers() {
        let counter = WorkCounter()
        let dependencies = Dependencies { $0[workCounterKey] = counter }
        #expect(dependencies.workObservers.count == 1)
        #expect(dependencies.workObservers.values.first === counter)
        #expect(Dependencies { $0[greetingKey] = "x" }.workObservers.isEmpty)
    }

    @Test("a reducer run by a registry outside any store reads live values")
    func providerOutsideAStore() {
        let registry = ReducerRegistry()
        registry.addReduceFunction { (provider, _: Rename, state: inout Profile) in
            state.name = provider.dependencies[greetingKey]
        }
        var profile = Profile()
        registry.reduce(Rename(name: "ignored"), &profile)
        #expect(profile.name == "live greeting")
    }
}
