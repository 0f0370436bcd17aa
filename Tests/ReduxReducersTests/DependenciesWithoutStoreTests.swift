import Foundation
import MultiRedux
import ReduxShared
import TestHelpers
import Testing

@testable import ReduxReducers

private let greetingKey = DependencyKey(live: "live greeting", test: "test greeting")
private let serverKey = DependencyKey(live: "https://example.com", preview: "https://preview.invalid")
private let testedOnlyKey = DependencyKey(live: "https://live.example.com", test: "https://test.invalid")

/// A dependency that hears when effect work starts and ends (a test clock is one).
private final class WorkCounter: EffectWorkObserver {
    func workStarted() {}
    func workEnded() {}
}

private let workCounterKey = DependencyKey<WorkCounter?>(live: nil, test: nil)

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

    @Test("in test mode a key gives its test value; one without a test value is reported and gives its preview value")
    func testMode() {
        let issues = IssueCollector()
        var dependencies = Dependencies()
        dependencies = dependencies.forTesting
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[greetingKey] == "test greeting")
        #expect(issues.kinds.isEmpty)
        #expect(dependencies[serverKey] == "https://preview.invalid")
        #expect(issues.kinds == [.missingDependency])
        #expect(issues.issues.first?.message.hasPrefix("A test read the dependency String (declared at") == true)
    }

    @Test("a preview's dependencies give a key's preview value, else its test value; an override wins, with no report")
    func previewMode() {
        let issues = IssueCollector()
        var dependencies = Dependencies.preview { $0[testedOnlyKey] = "asked for" }
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[serverKey] == "https://preview.invalid")
        #expect(dependencies[greetingKey] == "test greeting")
        #expect(dependencies[testedOnlyKey] == "asked for")
        #expect(issues.kinds.isEmpty)
    }

    @Test("an override in test or preview mode starts from the mode's value, never the live one")
    func partialOverrideReadsTheMode() {
        let testing = Dependencies.testing { $0[greetingKey] += ", changed" }
        let preview = Dependencies.preview { $0[serverKey] += "/changed" }
        #expect(testing[greetingKey] == "test greeting, changed")
        #expect(preview[serverKey] == "https://preview.invalid/changed")
    }

    @Test("an override written as Dependencies { } changes part of the test value in test mode, never the live one")
    func partialOverrideInAppSpellingStartsFromTheTestValue() {
        let issues = IssueCollector()
        let app = Dependencies { $0[greetingKey] += ", changed" }
        var testing = app.forTesting
        testing.issueReporter = issues.reporter
        #expect(app[greetingKey] == "live greeting, changed")
        #expect(testing[greetingKey] == "test greeting, changed")
        #expect(issues.kinds.isEmpty)
    }

    @Test("a value set after the override reaches the test mode's values too")
    func setAfterPartialOverride() {
        var app = Dependencies { $0[greetingKey] += "!" }
        app[serverKey] = "https://stub.invalid"
        #expect(app.forTesting[serverKey] == "https://stub.invalid")
        #expect(app.forTesting[greetingKey] == "test greeting!")
    }

    @Test("an overridden value that observes effect work is listed for the store that runs the work")
    func workObservers() {
        let counter = WorkCounter()
        let dependencies = Dependencies { $0[workCounterKey] = counter }
        #expect(dependencies.effectTaskSetup.workObservers.count == 1)
        #expect(dependencies.effectTaskSetup.workObservers.first === counter)
        #expect(Dependencies { $0[greetingKey] = "x" }.effectTaskSetup.workObservers.isEmpty)
    }

    @Test("only dependencies that read as code outside any store reads them leave an effect's task nothing to carry")
    func effectTaskCarriesOnlyWhatDiffers() {
        #expect(Dependencies().effectTaskSetup.carried == nil)
        #expect(Dependencies { $0[greetingKey] = "x" }.effectTaskSetup.carried != nil)
        #expect(Dependencies.testing().effectTaskSetup.carried != nil)
        #expect(Dependencies.preview().effectTaskSetup.carried != nil)
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
