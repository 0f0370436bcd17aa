import Foundation
import MultiRedux
import TestHelpers
import Testing

// A parent that cancels the work of a feature it placed, a cancel that matches nothing, and a
// reducer that answers with an action and no work.

struct SignOut: Action {}
struct CancelOwnSearch: Action {}
struct CancelNowhere: Action {}
struct Welcome: Action { var name: String }

/// The app's own reducers, at the root: sign-out cancels the catalog's search where the catalog
/// feature runs it.
struct ShopRootFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addAsyncReduceFunction { (_, _: SignOut, state: inout Shop) -> Effect<Shop> in
            state.session.user = ""
            return .cancel(id: CatalogEffect.search, at: \Shop.catalog)
        }
        container.addAsyncReduceFunction { (_, _: CancelOwnSearch, _: inout Shop) -> Effect<Shop> in
            .cancel(id: CatalogEffect.search)  // the root's own place: the search does not run here
        }
        container.addAsyncReduceFunction { (_, _: CancelNowhere, _: inout Shop) -> Effect<Shop> in
            .cancel(id: CatalogEffect.search, at: \Shop.log)  // no feature is placed at \.log here
        }
        container.addAsyncReduceFunction { (_, action: Welcome, state: inout Shop) -> Effect<Shop> in
            state.session.user = action.name
            return .send(Note(text: "hello \(action.name)"))
        }
    }
}

@Suite struct CrossFeatureEffectTests {
    private func makeShop(client: CatalogClient, issues: IssueCollector, withLog: Bool = true) -> Store<Shop> {
        Store(
            initialState: Shop(),
            features: [CatalogFeature().at(\.catalog, reading: \.session), ShopRootFeature().at(\.self)]
                + (withLog ? [LogFeature().at(\.log)] : []),
            issueReporter: issues.reporter, dependencies: Dependencies { $0.catalogClient = client })
    }

    /// Starts the catalog's search for "x", applies `cancel` while the search waits for its client,
    /// then lets the client answer: the search finishes, its results landed or not.
    private func searchThenCancel(with cancel: any Action) async throws -> (Store<Shop>, IssueCollector) {
        let client = CatalogClient()
        let issues = IssueCollector()
        let store = makeShop(client: client, issues: issues)
        store.dispatch(Search(query: "x"))
        try #require(await eventually { !client.gates.all.isEmpty })
        await store.dispatchAndWait(cancel)
        try #require(client.gates.all.first).open()
        try #require(await eventually { client.finished.all == ["x"] })
        return (store, issues)
    }

    @Test("the root cancels the work a feature placed at another part runs: its change never lands")
    func parentCancelsChildWork() async throws {
        let (store, issues) = try await searchThenCancel(with: SignOut())
        await store.dispatchAndWait(Note(text: "after"))

        #expect(store.state.catalog.results.isEmpty)
        #expect(store.state.log == ["after"])
        #expect(issues.kinds.isEmpty)
    }

    @Test("a cancel at the reducer's own place that matches nothing is reported, naming where the id runs")
    func unmatchedCancelNamesThePlace() async throws {
        let (store, issues) = try await searchThenCancel(with: CancelOwnSearch())
        try #require(await eventually { store.state.catalog.results == ["x-1", "x-2"] })

        #expect(issues.kinds == [.unmatchedCancel])
        let message = issues.issues.first?.message ?? ""
        #expect(message.contains("runs at \\Shop.catalog"))
        #expect(message.contains(".cancel(id:at:)"))
    }

    @Test("a cancel at a place where no feature is placed is reported as misuse")
    func cancelAtUnplacedPart() async {
        let issues = IssueCollector()
        let store = makeShop(client: CatalogClient(), issues: issues, withLog: false)
        await store.dispatchAndWait(CancelNowhere())
        #expect(issues.kinds == [.misuse])
        #expect(issues.issues.first?.message.contains("\\Shop.log, where no feature") == true)
    }

    @Test("Effect.send answers with a follow-up action: applied after the action, caused by it, and awaited")
    func sendWithoutWork() async {
        let causes = Recorder<String>()
        let issues = IssueCollector()
        let store = Store(
            initialState: Shop(), features: [ShopRootFeature().at(\.self), LogFeature().at(\.log)],
            middleware: [
                Middleware { action, store in
                    if action is Note { causes.append("\(store.currentCause.map { type(of: $0) } ?? Never.self)") }
                    return action
                }
            ],
            issueReporter: issues.reporter)

        await store.dispatchAndWait(Welcome(name: "Ann"))

        #expect(store.state.session.user == "Ann")
        #expect(store.state.log == ["hello Ann"])
        #expect(causes.all == ["Welcome"])
        #expect(issues.kinds.isEmpty)
    }
}
