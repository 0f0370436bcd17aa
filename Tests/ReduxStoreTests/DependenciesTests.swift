import MultiRedux
import TestHelpers
import Testing

private enum GreetingKey: DependencyKey {
    static let liveValue = "live"
}

private enum TestedGreetingKey: DependencyKey {
    static let liveValue = "live"
    static let testValue: String? = "test"
}

extension Dependencies {
    fileprivate var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
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

    @Test("in test mode a key without a test value that was not overridden is reported, naming it")
    func missingTestValueReported() {
        let issues = IssueCollector()
        var dependencies = Dependencies()
        dependencies.isTesting = true
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[GreetingKey.self] == "live")
        #expect(issues.kinds == [.missingDependency])
        #expect(issues.issues.first?.message.contains("GreetingKey") == true)
    }

    @Test("in test mode a key's test value is used, and an override wins over it, with no report")
    func testValueAndOverride() {
        let issues = IssueCollector()
        var dependencies = Dependencies()
        dependencies.isTesting = true
        dependencies.issueReporter = issues.reporter
        #expect(dependencies[TestedGreetingKey.self] == "test")
        dependencies[GreetingKey.self] = "overridden"
        #expect(dependencies[GreetingKey.self] == "overridden")
        #expect(issues.issues.isEmpty)
    }

    @Test("a seeded random source repeats its sequence; copies of the dependencies share one sequence")
    func seededRandom() {
        var first = RandomSource(seed: 7)
        var second = RandomSource(seed: 7)
        let a = (0..<5).map { _ in Int.random(in: 0..<1000, using: &first) }
        let b = (0..<5).map { _ in Int.random(in: 0..<1000, using: &second) }
        #expect(a == b)
        let dependencies = Dependencies { $0.random = RandomSource(seed: 1) }
        let copy = dependencies
        #expect(dependencies.random.next() != copy.random.next())
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
