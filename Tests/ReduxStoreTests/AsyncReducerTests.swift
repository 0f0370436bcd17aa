import Dispatch
import MultiRedux
import TestHelpers
import Testing

@testable import ReduxReducers

struct LoadTitle: Action {
    var title: String
    var completions = 1
    /// Called after the reducer made all its completion calls.
    var onFinished: (@Sendable () -> Void)?
}

/// Completes on another thread, optionally more than once (to test misuse).
struct LoadTitleReducer: AsyncActionReducerType {
    func reduce(provider: any ReducerProvider, action: LoadTitle, completion: @escaping @Sendable (Settings) -> Void) {
        DispatchQueue.global().async {
            for index in 0..<action.completions {
                completion(Settings(title: index == 0 ? action.title : "late \(index)"))
            }
            action.onFinished?()
        }
    }
}

/// Appends the length of the title an async result set to the history, to test that
/// `await dispatch` waits for results caused by results: started by the result of
/// `LoadTitleReducer` (VISPER's completion form), and by no other result (its own included).
struct ChainedLoadReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: AsyncReducerResult, state: inout [Int]) -> Effect<[Int]> {
        guard action.resultType == Settings.self else { return .none }
        let length = titleSet(by: action).count
        return .run { effect in
            await Task.yield()
            effect.update { $0.append(length) }
        }
    }
}

/// The title an async reducer's change makes of an empty settings value.
func titleSet(by result: AsyncReducerResult) -> String {
    var settings = Settings(title: "")
    result.apply(to: &settings)
    return settings.title
}

/// Registers `LoadTitleReducer` on the settings it is placed at.
struct LoadTitleFeature: LogicFeature {
    func injectReducers(container: any ReducerContainer) {
        container.addReducer(reducer: LoadTitleReducer())
    }
}

@Suite struct AsyncReducerTests {
    private func makeAsyncStore(issues: IssueCollector) -> Store<AppState> {
        Store(
            initialState: AppState(), features: [LoadTitleFeature().at(\.settings)], issueReporter: issues.reporter)
    }

    @Test("an async completion on another thread lands in the store, with no extra registration")
    func completionLands() async {
        let issues = IssueCollector()
        let store = makeAsyncStore(issues: issues)
        await store.dispatchAndWait(LoadTitle(title: "loaded"))
        #expect(store.state.settings.title == "loaded")
        #expect(issues.issues.isEmpty)
    }

    @Test("a second completion call is reported and ignored")
    func secondCompletionIsIgnored() async {
        let issues = IssueCollector()
        let store = makeAsyncStore(issues: issues)
        let titles = Recorder<String>()
        let token = store.observe(select: \.settings.title) { titles.append($0) }
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            store.dispatch(LoadTitle(title: "first", completions: 2, onFinished: { finished.resume() }))
        }
        #expect(issues.kinds == [.completionCalledTwice])
        #expect(titles.all == ["untitled", "first"])
        #expect(store.state.settings.title == "first")
        token.cancel()
    }

    @Test("await dispatch waits for results that results cause")
    func awaitDispatchFollowsChains() async {
        let issues = IssueCollector()
        let chained = InlineFeature { $0.addReducer(reducer: ChainedLoadReducer()) }
        let store = Store(
            initialState: AppState(),
            features: [LoadTitleFeature().at(\.settings), chained.at(\.history)],
            issueReporter: issues.reporter)
        await store.dispatchAndWait(LoadTitle(title: "four"))
        #expect(store.state.settings.title == "four")
        #expect(store.state.history == [4])
    }

    @Test("the result is not an action: middleware does not see it, and it still lands")
    func resultIsNotAnAction() async {
        let seen = Recorder<String>()
        let store = Store(
            initialState: AppState(),
            features: [LoadTitleFeature().at(\.settings)],
            middleware: [
                Middleware { action, _ in
                    seen.append("\(type(of: action))")
                    return action
                }
            ])
        await store.dispatchAndWait(LoadTitle(title: "x"))
        #expect(seen.all == ["LoadTitle"])
        #expect(store.state.settings.title == "x")
    }
}

/// Appends the length of the title to the history, in the async form.
struct CountTitleReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadTitle) async -> @Sendable (inout [Int]) -> Void {
        await Task.yield()
        let count = action.title.count
        return { $0.append(count) }
    }
}

@Suite struct AsyncFormReducerTests {
    @Test("an async-await reducer's change lands and await dispatch waits for it")
    func awaitingReducer() async throws {
        let store = Store(
            initialState: AppState(),
            features: [InlineFeature { $0.addReducer(reducer: CountTitleReducer()) }.at(\.history)])
        await store.dispatchAndWait(LoadTitle(title: "three"))
        #expect(store.state.history == [5])
        let registry = try #require(store.testingSeam.registry as? ReducerRegistry)
        #expect(registry.registeredReducers.map(\.isAsync) == [true])
    }
}
