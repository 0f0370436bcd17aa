import Foundation
import MultiRedux
import TestHelpers
import Testing

private let greetingKey = DependencyKey(live: "live", preview: "preview")
private let testedGreetingKey = DependencyKey(live: "live", test: "test")

extension Dependencies {
    fileprivate var greeting: String {
        get { self[greetingKey] }
        set { self[greetingKey] = newValue }
    }
}

struct Greet: Action {}

struct Greeting: State, Equatable {
    var text = ""
}

/// Writes the store's greeting in a synchronous reducer, through `provider.dependencies`.
struct GreetingFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (provider, _: Greet, state: inout Greeting) in
            state.text = provider.dependencies.greeting
        }
    }
}

@Suite struct DependenciesTests {
    @Test("a store without overrides gives each dependency its live value")
    func liveByDefault() {
        let store = Store(initialState: Greeting(), features: [GreetingFeature().at(\.self)])
        store.dispatch(Greet())
        #expect(store.state.text == "live")
    }

    @Test("a store's override reaches its reducers; another store keeps the live value")
    func overriddenPerStore() {
        let preview = Store(
            initialState: Greeting(), features: [GreetingFeature().at(\.self)],
            dependencies: Dependencies { $0.greeting = "preview" })
        let app = Store(initialState: Greeting(), features: [GreetingFeature().at(\.self)])
        preview.dispatch(Greet())
        app.dispatch(Greet())
        #expect(preview.state.text == "preview")
        #expect(app.state.text == "live")
    }

    @Test(
        "in test mode a key without a test value that was not overridden is reported, naming it, and gives its preview value"
    )
    func missingTestValueReported() {
        let issues = IssueCollector()
        var dependencies = Dependencies()
        dependencies = dependencies.forTesting
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[greetingKey] == "preview")
        #expect(issues.kinds == [.missingDependency])
        #expect(
            issues.issues.first?.message.contains("String (declared at ReduxStoreTests/DependenciesTests.swift:6)")
                == true)
    }

    @Test("in test mode a key's test value is used, and an override wins over it, with no report")
    func testValueAndOverride() {
        let issues = IssueCollector()
        var dependencies = Dependencies()
        dependencies = dependencies.forTesting
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[testedGreetingKey] == "test")
        dependencies[greetingKey] = "overridden"
        #expect(dependencies[greetingKey] == "overridden")
        #expect(issues.issues.isEmpty)
    }

    @Test("a feature reads the store's dependencies through its container when it registers")
    func featureReadsDependencies() {
        let seen = Recorder<String>()
        let store = Store(
            initialState: Greeting(),
            features: [InlineFeature { container in seen.append(container.dependencies.greeting) }.at(\.self)],
            dependencies: Dependencies { $0.greeting = "from the app" })
        #expect(seen.all == ["from the app"])
        _ = store
    }

    @Test("fire-and-forget dispatch needs no await inside an async function; dispatchAndWait is the awaiting form")
    func callSites() async {
        let store = Store(initialState: Greeting(), features: [GreetingFeature().at(\.self)])
        store.dispatch(Greet())  // compiles without `await` in an async function
        #expect(store.state.text == "live")
        await store.dispatchAndWait(Greet())
        #expect(store.state.text == "live")
    }
}
