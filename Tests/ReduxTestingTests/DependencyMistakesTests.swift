import Foundation
import MultiRedux
import ReduxTesting
import Testing

/// A client in the shape the docs teach: endpoints as closures, a test value whose endpoints are
/// unimplemented, so a test overrides the ones it expects to be called.
private struct RecipeClient: Sendable {
    var search: @Sendable (String) async throws -> [String]
    var save: @Sendable (String) async throws -> Void
}

/// The live service, which a test must never reach.
private enum RecipeAPI {
    struct Offline: Error {}
    static func search(_ query: String) async throws -> [String] { throw Offline() }
    static func save(_ recipe: String) async throws { throw Offline() }
}

private let recipeClientKey = DependencyKey(
    live: RecipeClient(search: { try await RecipeAPI.search($0) }, save: { try await RecipeAPI.save($0) }),
    test: RecipeClient(search: unimplemented("RecipeClient.search"), save: unimplemented("RecipeClient.save")))
/// A key with canned data for previews and no test value.
private let plannerClientKey = DependencyKey(
    live: RecipeClient(search: RecipeAPI.search, save: RecipeAPI.save),
    preview: RecipeClient(search: { _ in ["Preview pasta"] }, save: { _ in }))

extension Dependencies {
    fileprivate var recipes: RecipeClient {
        get { self[recipeClientKey] }
        set { self[recipeClientKey] = newValue }
    }
    fileprivate var planner: RecipeClient {
        get { self[plannerClientKey] }
        set { self[plannerClientKey] = newValue }
    }
}

private struct Plan: State, Equatable {
    var results: [String] = []
    var failed = false
}

private struct FindRecipes: Action {}
private struct SearchAndSave: Action {}
private struct AskPlanner: Action {}
private enum RecipeAction: Action {
    case save(String)
}

private func planning(_ reducers: any ReducerContainer) {
    reducers.addAsyncReduceFunction { (provider, _: FindRecipes, _: inout Plan) -> Effect<Plan> in
        let recipes = provider.dependencies.recipes
        return .run { effect in
            let found = try await recipes.search("pasta")
            effect.update { $0.results = found }
        }
    }
    reducers.addAsyncReduceFunction { (provider, _: SearchAndSave, _: inout Plan) -> Effect<Plan> in
        let recipes = provider.dependencies.recipes
        return .run { effect in
            let found = try await recipes.search("pasta")
            try await recipes.save(found[0])
            effect.update { $0.results = found }
        } catch: { _, effect in
            effect.update { $0.failed = true }
        }
    }
    reducers.addAsyncReduceFunction { (provider, action: RecipeAction, _: inout Plan) -> Effect<Plan> in
        let recipes = provider.dependencies.recipes
        guard case .save(let recipe) = action else { return .none }
        return .run { _ in try await recipes.save(recipe) }
    }
    reducers.addAsyncReduceFunction { (provider, _: AskPlanner, plan: inout Plan) -> Effect<Plan> in
        let planner = provider.dependencies.planner
        plan.results = ["asked"]
        return .run { effect in
            let found = try await planner.search("pasta")
            effect.update { $0.results = found }
        }
    }
}

/// What last month's suites do with dependencies: each mistake fails its own test, names the key
/// or endpoint and what to write, and the process goes on.
@Suite(.testStoreTimeout(.seconds(120))) struct DependencyMistakesTests {
    @Test("Dependencies { $0.client.endpoint = … } in a test store starts from the test value and passes")
    func appSpellingOverridesOneEndpoint() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Plan(), dependencies: Dependencies { $0.recipes.search = { _ in ["Pasta"] } },
                reducers: planning)
            await store.send(FindRecipes())
            await store.receive(Plan.self) { $0.results = ["Pasta"] }
            await store.finish()
        }
        #expect(failures.map(\.message) == [])
    }

    @Test("reading a client whose endpoints are unimplemented costs nothing until one is called")
    func readingIsNotCalling() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Plan(), reducers: planning)
            await store.send(FindRecipes())
            await store.finish()
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("MultiRedux [missingDependency]"))
        #expect(message.contains("RecipeClient.search was called"))
        #expect(message.contains("(declared at ReduxTestingTests/DependencyMistakesTests.swift:"))
        #expect(message.contains("dependencies: .testing { $0.recipeClient.search = { … } }"))
        #expect(message.contains("(or the name your Dependencies extension gives RecipeClient)"))
    }

    @Test("the failure names the case of an enum action that started the effect")
    func enumCauseNamed() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Plan(), reducers: planning)
            await store.send(RecipeAction.save("Pasta"))
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("started for RecipeAction.save called an unimplemented") == true)
    }

    @Test("an unimplemented endpoint fails the test even when the effect catches its error")
    func caughtUnimplementedStillFails() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: Plan(), dependencies: .testing { $0.recipes.search = { _ in ["Pasta"] } },
                exhaustivity: .off, reducers: planning)
            await store.send(SearchAndSave())
            await store.finish()
            #expect(store.state.failed)
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("RecipeClient.save was called") == true)
    }

    @Test("a key with no test value fails the test that reads it, gives the preview value, and the test goes on")
    func previewOnlyKeyFailsOneTest() async {
        var reachedTheEnd = false
        let failures = await collectFailures {
            let store = TestStore(initialState: Plan(), reducers: planning)
            await store.send(AskPlanner()) { $0.results = ["asked"] }
            await store.receive(Plan.self) { $0.results = ["Preview pasta"] }
            await store.finish()
            reachedTheEnd = true
        }
        #expect(reachedTheEnd)
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("A test read the dependency Dependencies.planner, RecipeClient (declared at"))
        #expect(message.contains("dependencies: .testing { $0.planner = … }"))
        #expect(message.contains("give its DependencyKey a test: value"))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a test that waits on the clock it did not give the store fails, saying which clock to give, and goes on")
    func waitingOnTheDefaultClockFails() async {
        let failures = await collectFailures {
            let store = TestStore(initialState: Plan(), exhaustivity: .off) { reducers in
                reducers.addAsyncReduceFunction { (provider, _: FindRecipes, _: inout Plan) -> Effect<Plan> in
                    let clock = provider.dependencies.clock
                    return .run { effect in
                        try await clock.sleep(for: .seconds(3600))
                        effect.update { $0.results = ["late"] }
                    } catch: { _, effect in
                        effect.update { $0.failed = true }
                    }
                }
            }
            await store.send(FindRecipes())
            await store.finish()
            #expect(store.state.failed)
            #expect(store.state.results.isEmpty)
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("Dependencies.clock.sleep was called"))
        #expect(message.contains("$0.clock = TestClock()"))
    }
}
