import Dispatch
import Foundation
import MultiRedux
import TestHelpers
import Testing

// MARK: A small domain with effects

struct Catalog: State, Equatable {
    var items: [String] = []
    var isLoading = false
    var progress: [Int] = []
    var error: String?
    var results: [String] = []
    var stamps: [String] = []
}

struct Session: Sendable, Equatable {
    var user = "nobody"
}

struct Shop: State, Equatable {
    var catalog = Catalog()
    var session = Session()
    var log: [String] = []
}

struct LoadCatalog: Action {}
struct CatalogLoaded: Action { var count: Int }
struct LoadDetails: Action {}
struct Search: Action { var query: String }
struct CancelSearch: Action {}
struct Download: Action {}
struct Fail: Action { var handled: Bool }
struct Stamp: Action {}
struct Note: Action { var text: String }

struct LoadFailed: Error, CustomStringConvertible {
    var description: String { "offline" }
}

/// A client the effects call, counting its calls and controlled by the test.
final class CatalogClient: Sendable {
    let calls = Recorder<String>()
    let gates = Recorder<AsyncGate>()
    /// The queries whose effect handed back its results (landed or not).
    let finished = Recorder<String>()

    /// Returns the items for a query once the gate for that call is opened (or at once when the
    /// client is not gated).
    func items(_ query: String, gated: Bool) async -> [String] {
        calls.append(query)
        if gated {
            let gate = AsyncGate()
            gates.append(gate)
            await gate.wait()
        }
        return ["\(query)-1", "\(query)-2"]
    }
}

private let catalogClientKey = DependencyKey(live: CatalogClient(), test: CatalogClient())
private let gatedKey = DependencyKey(live: false, test: false)

extension Dependencies {
    var catalogClient: CatalogClient {
        get { self[catalogClientKey] }
        set { self[catalogClientKey] = newValue }
    }

    var gatesCatalog: Bool {
        get { self[gatedKey] }
        set { self[gatedKey] = newValue }
    }
}

enum CatalogEffect: Hashable, Sendable {
    case search
    case download
}

struct CatalogFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (provider, _: LoadCatalog, state: inout Catalog) -> Effect<Catalog> in
            state.isLoading = true
            let (client, gated) = (provider.dependencies.catalogClient, provider.dependencies.gatesCatalog)
            return .run { effect in
                let items = await client.items("all", gated: gated)
                effect.update { $0.items = items }
                effect.send(CatalogLoaded(count: items.count))
            }
        }
        container.addAsyncReduceFunction { (_, action: CatalogLoaded, state: inout Catalog) -> Effect<Catalog> in
            state.isLoading = false
            return action.count > 0 ? .run { effect in effect.send(LoadDetails()) } : .none
        }
        container.addAsyncReduceFunction { (_, _: LoadDetails, _: inout Catalog) -> Effect<Catalog> in
            .run { effect in
                await Task.yield()
                effect.update { $0.items.append("details") }
            }
        }
        container.addAsyncReduceFunction { (provider, action: Search, _: inout Catalog) -> Effect<Catalog> in
            let client = provider.dependencies.catalogClient
            return .run(id: CatalogEffect.search, cancelInFlight: true) { effect in
                let results = await client.items(action.query, gated: true)
                // Ignores cancellation on purpose: its results must not land all the same.
                effect.update { $0.results = results }
                client.finished.append(action.query)
            }
        }
        container.addAsyncReduceFunction { (_, _: CancelSearch, _: inout Catalog) -> Effect<Catalog> in
            .cancel(id: CatalogEffect.search)
        }
        container.addAsyncReduceFunction { (_, _: Download, _: inout Catalog) -> Effect<Catalog> in
            .run(id: CatalogEffect.download) { effect in
                for step in 1...3 {
                    effect.update { $0.progress.append(step) }
                }
                try await Task.sleep(nanoseconds: 60_000_000_000)
                effect.update { $0.progress.append(100) }
            }
        }
        container.addAsyncReduceFunction { (_, _: CancelDownload, _: inout Catalog) -> Effect<Catalog> in
            .cancel(id: CatalogEffect.download)
        }
        container.addAsyncReduceFunction { (_, action: Fail, _: inout Catalog) -> Effect<Catalog> in
            action.handled
                ? .run { _ in
                    throw LoadFailed()
                } catch: { error, effect in
                    effect.update { $0.error = "\(error)" }
                }
                : .run { _ in throw LoadFailed() }
        }
        container.addAsyncReduceFunction { (provider, _: Stamp, _: inout Catalog) -> Effect<Catalog> in
            .run { effect in
                let user = provider.read(Session.self)?.user ?? "?"
                effect.update { $0.stamps.append(user) }
            }
        }
        container.addReduceFunction { (provider, _: StampNow, state: inout Catalog) in
            state.stamps.append(provider.read(Session.self)?.user ?? "?")
        }
    }
}

struct SessionFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: SignIn, state: inout Session) in state.user = action.user }
    }
}

struct LogFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction { (_, action: Note, state: inout [String]) in state.append(action.text) }
    }
}

@Suite struct EffectTests {
    private func makeShop(
        client: CatalogClient = CatalogClient(), middleware: [Middleware<Shop>] = [],
        issues: IssueCollector = IssueCollector()
    ) -> Store<Shop> {
        Store(
            initialState: Shop(),
            features: [
                CatalogFeature().at(\.catalog, reading: \.session), SessionFeature().at(\.session),
                LogFeature().at(\.log),
            ],
            middleware: middleware, issueReporter: issues.reporter,
            dependencies: Dependencies { $0.catalogClient = client })
    }

    @Test("an effect updates its state and sends follow-ups in order; dispatchAndWait waits for all they cause")
    func followUpsChain() async {
        let store = makeShop()
        await store.dispatchAndWait(LoadCatalog())
        #expect(store.state.catalog.items == ["all-1", "all-2", "details"])
        #expect(store.state.catalog.isLoading == false)
    }

    @Test("the synchronous part of an effect reducer lands before dispatch returns, the work's later")
    func synchronousPartFirst() async throws {
        let client = CatalogClient()
        let store = Store(
            initialState: Shop(), features: [CatalogFeature().at(\.catalog)],
            dependencies: Dependencies {
                $0.catalogClient = client
                $0.gatesCatalog = true
            })
        store.dispatch(LoadCatalog())
        #expect(store.state.catalog.isLoading == true)
        #expect(store.state.catalog.items.isEmpty)
        try #require(await eventually { !client.gates.all.isEmpty })
        try #require(client.gates.all.first).open()
        try #require(await eventually { store.state.catalog.items.count == 3 })
        #expect(store.state.catalog.items == ["all-1", "all-2", "details"])
    }

    @Test("follow-up actions pass middleware, which sees the action that caused them")
    func followUpsAttributed() async {
        let seen = Recorder<String>()
        let logger = Middleware<Shop> { action, store in
            seen.append("\(type(of: action)) <- \(store.currentCause.map { "\(type(of: $0))" } ?? "outside")")
            return action
        }
        let store = makeShop(middleware: [logger])
        await store.dispatchAndWait(LoadCatalog())
        let followUps = seen.all.filter { !$0.hasPrefix("AsyncReducerResult") }
        #expect(
            followUps == ["LoadCatalog <- outside", "CatalogLoaded <- LoadCatalog", "LoadDetails <- CatalogLoaded"])
    }

    @Test("an effect can stream several updates, applied in order")
    func streamsUpdates() async throws {
        let store = makeShop()
        store.dispatch(Download())
        try #require(await eventually { store.state.catalog.progress.count == 3 })
        #expect(store.state.catalog.progress == [1, 2, 3])
        await store.dispatchAndWait(CancelDownload())
        #expect(store.state.catalog.progress == [1, 2, 3])
    }

    @Test("a new search cancels the one in flight: only the last query's results land, even if it ignores cancellation")
    func cancelInFlight() async throws {
        let client = CatalogClient()
        let store = makeShop(client: client)
        store.dispatch(Search(query: "a"))
        let second = Task { await store.dispatchAndWait(Search(query: "ab")) }
        try #require(await eventually { client.gates.all.count == 2 })
        let gates = client.gates.all
        // The first request answers after the second started: its results are stale.
        gates[client.calls.all.firstIndex(of: "a") ?? 0].open()
        try #require(await eventually { client.finished.all == ["a"] })
        await store.dispatchAndWait(Note(text: "stale results handed back"))
        #expect(store.state.catalog.results.isEmpty)
        gates[client.calls.all.firstIndex(of: "ab") ?? 1].open()
        await second.value
        #expect(store.state.catalog.results == ["ab-1", "ab-2"])
    }

    @Test("an action cancels work by id: its change never lands")
    func cancelByAction() async throws {
        let client = CatalogClient()
        let store = makeShop(client: client)
        store.dispatch(Search(query: "x"))
        try #require(await eventually { !client.gates.all.isEmpty })
        await store.dispatchAndWait(CancelSearch())
        try #require(client.gates.all.first).open()
        try #require(await eventually { client.finished.all == ["x"] })
        await store.dispatchAndWait(Note(text: "after"))
        #expect(store.state.catalog.results.isEmpty)
        #expect(store.state.log == ["after"])
    }

    @Test("dispatchAndWait returns when the effect it waits for is cancelled")
    func awaitedEffectCancelled() async throws {
        let client = CatalogClient()
        let store = makeShop(client: client)
        let waiting = Task { await store.dispatchAndWait(Search(query: "q")) }
        try #require(await eventually { !client.gates.all.isEmpty })
        store.dispatch(CancelSearch())
        await waiting.value
        #expect(store.state.catalog.results.isEmpty)
        try #require(client.gates.all.first).open()
    }

    @Test("removing a feature cancels its effects: the work sees Task.isCancelled and nothing lands")
    func removeCancels() async {
        let cancelled = AsyncGate()
        let store = Store(initialState: Shop(), features: [LogFeature().at(\.log)])
        let sleeper = SleeperFeature(cancelled: cancelled)
        store.add(sleeper.at(\.catalog))
        store.dispatch(Download())
        store.remove(sleeper.at(\.catalog))
        await cancelled.wait()
        await store.dispatchAndWait(Note(text: "after"))
        #expect(store.state.catalog.progress.isEmpty)
        store.dispatch(Download())
        #expect(store.state.log == ["after"])
    }

    @Test("removing a feature that was never added is reported and leaves the store's features as they were")
    func removeUnknownFeature() async {
        let issues = IssueCollector()
        let store = Store(
            initialState: Shop(), features: [LogFeature().at(\.log)], issueReporter: issues.reporter)
        store.remove(SessionFeature().at(\.session))
        #expect(issues.kinds == [.misuse])
        await store.dispatchAndWait(Note(text: "still logged"))
        #expect(store.state.log == ["still logged"])
    }

    @Test("a store that goes away cancels its running effects")
    func storeDeinitCancels() async {
        let cancelled = AsyncGate()
        do {
            let store = Store(
                initialState: Shop(), features: [SleeperFeature(cancelled: cancelled).at(\.catalog)])
            store.dispatch(Download())
        }
        await cancelled.wait()
    }

    @Test("an error goes to the run's catch:, which updates the state")
    func caughtError() async {
        let issues = IssueCollector()
        let store = makeShop(issues: issues)
        await store.dispatchAndWait(Fail(handled: true))
        #expect(store.state.catalog.error == "offline")
        #expect(issues.issues.isEmpty)
    }

    @Test("an error nothing handles is reported with the reducer, the action and the error")
    func unhandledError() async {
        let issues = IssueCollector()
        let store = makeShop(issues: issues)
        await store.dispatchAndWait(Fail(handled: false))
        #expect(issues.kinds == [.effectFailed])
        let message = issues.issues.first?.message ?? ""
        #expect(message.contains("AsyncReduceFunction<Fail, Catalog>"))
        #expect(message.contains("Fail"))
        #expect(message.contains("offline"))
    }

    @Test("cancellation is not an error: nothing is reported")
    func cancellationIsNoError() async {
        let issues = IssueCollector()
        let store = makeShop(issues: issues)
        store.dispatch(Download())
        await store.dispatchAndWait(CancelDownload())
        #expect(issues.issues.isEmpty)
    }

    @Test("an effect reads state another feature owns, declared where the feature is placed")
    func crossFeatureRead() async {
        let store = makeShop()
        store.dispatch(SignIn(user: "ada"))
        await store.dispatchAndWait(Stamp())
        #expect(store.state.catalog.stamps == ["ada"])
    }

    @Test("a synchronous reducer reads state another feature owns, as the action has left it so far")
    func crossFeatureReadInReducer() {
        let store = makeShop()
        store.dispatch(SignIn(user: "grace"))
        store.dispatch(StampNow())
        #expect(store.state.catalog.stamps == ["grace"])
    }

    @Test("an effect that kept its provider reads the part as the store holds it when the work reads it")
    func effectReadsLater() async throws {
        let store = makeShop()
        store.dispatch(SignIn(user: "ada"))
        let gate = AsyncGate()
        store.add(
            InlineReadFeature(gate: gate).at(\.catalog, reading: \.session))
        store.dispatch(LateStamp())
        store.dispatch(SignIn(user: "bob"))
        gate.open()
        try #require(await eventually { store.state.catalog.stamps.count == 1 })
        #expect(store.state.catalog.stamps == ["bob"])
    }

    @Test("reading a part the placement did not declare is reported and gives nil")
    func undeclaredRead() async {
        let issues = IssueCollector()
        let store = Store(
            initialState: Shop(), features: [CatalogFeature().at(\.catalog)], issueReporter: issues.reporter)
        await store.dispatchAndWait(Stamp())
        #expect(store.state.catalog.stamps == ["?"])
        #expect(issues.kinds == [.misuse])
    }
}

struct CancelDownload: Action {}
struct SignIn: Action { var user: String }
struct StampNow: Action {}

struct LateStamp: Action {}

/// Stamps the signed-in user on LateStamp, reading the session only once its gate opens.
struct InlineReadFeature: LogicFeature {
    let gate: AsyncGate

    func injectReducers(container: any ReducerContainer) {
        let gate = gate
        container.addAsyncReduceFunction { (provider, _: LateStamp, _: inout Catalog) -> Effect<Catalog> in
            .run { effect in
                await gate.wait()
                let user = provider.read(Session.self)?.user ?? "?"
                effect.update { $0.stamps.append(user) }
            }
        }
    }
}

/// Sleeps on Download until cancelled, and opens a gate when it sees the cancellation.
struct SleeperFeature: LogicFeature {
    let cancelled: AsyncGate

    func injectReducers(container: any ReducerContainer) {
        let cancelled = cancelled
        container.addAsyncReduceFunction { (_, _: Download, _: inout Catalog) -> Effect<Catalog> in
            .run { effect in
                do {
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                } catch {
                    if Task.isCancelled { cancelled.open() }
                }
                effect.update { $0.progress.append(1) }
            }
        }
    }
}
