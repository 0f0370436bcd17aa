import Dispatch
import MultiRedux
import TestHelpers
import Testing

struct LoadTitle: Action {
    var title: String
    var completions = 1
    /// Called after the reducer made all its completion calls.
    var onFinished: (@Sendable () -> Void)?
}

/// Completes on another thread, optionally more than once (to test misuse).
struct LoadTitleReducer: AsyncActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadTitle, completion: @escaping @Sendable (Settings) -> Void) {
        DispatchQueue.global().async {
            for index in 0..<action.completions {
                completion(Settings(title: index == 0 ? action.title : "late \(index)"))
            }
            action.onFinished?()
        }
    }
}

/// Starts a second async load when its result lands, to test that `await dispatch` waits for
/// results caused by results.
struct ChainedLoadReducer: AsyncActionReducer {
    func reduce(
        provider: any ReducerProvider, action: AsyncReducerResultAction<Settings>,
        completion: @escaping @Sendable ([Int]) -> Void
    ) {
        DispatchQueue.global().async { completion([action.newState.title.count]) }
    }
}

@Suite struct AsyncReducerTests {
    private func makeAsyncStore(issues: IssueCollector) -> Store<AppState> {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: LoadTitleReducer())
        return Store(
            initialState: AppState(),
            appReducer: reduceSubstates(Substate(\.settings), Substate(\.history)),
            reducerContainer: registry,
            issueReporter: issues.reporter)
    }

    @Test("an async completion on another thread lands in the store, with no extra registration")
    func completionLands() async {
        let issues = IssueCollector()
        let store = makeAsyncStore(issues: issues)
        await store.dispatch(LoadTitle(title: "loaded"))
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
        let registry = ReducerRegistry()
        registry.addReducer(reducer: LoadTitleReducer())
        registry.addReducer(reducer: ChainedLoadReducer())
        let store = Store(
            initialState: AppState(),
            appReducer: reduceSubstates(Substate(\.settings), Substate(\.history)),
            reducerContainer: registry,
            issueReporter: issues.reporter)
        await store.dispatch(LoadTitle(title: "four"))
        #expect(store.state.settings.title == "four")
        #expect(store.state.history == [4])
    }

    @Test("the result passes through middleware as an AsyncReducerResultAction")
    func resultIsAnAction() async {
        let seen = Recorder<String>()
        let registry = ReducerRegistry()
        registry.addReducer(reducer: LoadTitleReducer())
        let store = Store(
            initialState: AppState(),
            appReducer: reduceSubstates(Substate(\.settings)),
            reducerContainer: registry,
            middleware: [
                Middleware { action, _ in
                    if let result = action as? AsyncReducerResultAction<Settings> {
                        seen.append("\(result.reducerType): \(result.newState.title)")
                    }
                    return action
                }
            ])
        await store.dispatch(LoadTitle(title: "x"))
        #expect(seen.all == ["LoadTitleReducer: x"])
    }
}

struct CountTitleReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: LoadTitle) async -> [Int] {
        await Task.yield()
        return [action.title.count]
    }
}

@Suite struct ConcurrentReducerTests {
    @Test("an async-await reducer's result lands and await dispatch waits for it")
    func awaitingReducer() async {
        let registry = ReducerRegistry()
        registry.addReducer(reducer: CountTitleReducer())
        let store = Store(
            initialState: AppState(), appReducer: reduceSubstates(Substate(\.history)), reducerContainer: registry)
        await store.dispatch(LoadTitle(title: "three"))
        #expect(store.state.history == [5])
        #expect(registry.registeredReducers.map(\.kind) == [.async])
    }
}
