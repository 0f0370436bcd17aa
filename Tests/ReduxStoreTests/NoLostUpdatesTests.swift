import Foundation
import MultiRedux
import TestHelpers
import Testing

// An async reducer's change is applied to the state as it is when the change lands, so what was
// dispatched while the reducer ran is kept. VISPER's completion form replaces the state with the
// value it is given instead, which is documented here by test.

private struct Journal: Equatable, Sendable {
    var entries: [String] = []
}

private struct JournalApp: State, Equatable {
    var journal = Journal()
    /// A second journal, placed with the same features, that no load may touch.
    var archive = Journal()
}

/// Appends an entry to the journal.
private struct Write: Action {
    var entry: String
}

/// Starts a load: the reducer opens `started` once it runs, then waits for `release`.
private struct Load: Action {
    var started = AsyncGate()
    var release = AsyncGate()
    /// How many times a completion-form reducer calls its completion.
    var completions = 1
    /// Opened by a completion-form reducer after its last completion call.
    var finished = AsyncGate()
}

/// Appends "loaded" when released: the async form, which returns a change.
private struct AppendLoadedReducer: ConcurrentActionReducer {
    func reduce(provider: any ReducerProvider, action: Load) async -> @Sendable (inout Journal) -> Void {
        action.started.open()
        await action.release.wait()
        return { $0.entries.append("loaded") }
    }
}

/// Completes with a journal of one "loaded" entry when released: VISPER's completion form.
private struct CompleteWithLoadedReducer: AsyncActionReducerType {
    func reduce(provider: any ReducerProvider, action: Load, completion: @escaping @Sendable (Journal) -> Void) {
        Task {
            action.started.open()
            await action.release.wait()
            for index in 0..<action.completions {
                completion(Journal(entries: index == 0 ? ["loaded"] : ["late \(index)"]))
            }
            action.finished.open()
        }
    }
}

/// Registers `Write` and one async reducer on the journal it is placed at.
private struct JournalFeature<Loader: AsyncActionReducer>: LogicFeature
where Loader.ReducerStateType == Journal {
    var loader: Loader

    func injectReducers(container: any ReducerContainer) {
        container.addReduceFunction(reduceFunction: { (_, action: Write, state: inout Journal) in
            state.entries.append(action.entry)
        })
        container.addReducer(reducer: loader)
    }
}

/// A store whose journal has `loader`; the archive only takes writes.
private func makeJournalStore<Loader: AsyncActionReducer>(
    _ loader: Loader, issues: IssueCollector = IssueCollector()
) -> Store<JournalApp> where Loader.ReducerStateType == Journal {
    let archive = InlineFeature { container in
        container.addReduceFunction(reduceFunction: { (_, action: Write, state: inout Journal) in
            state.entries.append(action.entry)
        })
    }
    return Store(
        initialState: JournalApp(), features: [JournalFeature(loader: loader).at(\.journal), archive.at(\.archive)],
        issueReporter: issues.reporter)
}

@Suite struct NoLostUpdatesTests {
    @Test("a dispatch applied while an async reducer runs is kept after the reducer's change lands")
    func dispatchDuringAsyncReducerIsKept() async {
        let store = makeJournalStore(AppendLoadedReducer())
        let load = Load()
        let loading = Task { await store.dispatchAndWait(load) }
        await load.started.wait()
        await store.dispatchAndWait(Write(entry: "x"))
        #expect(store.state.journal.entries == ["x"])
        load.release.open()
        await loading.value
        #expect(store.state.journal.entries == ["x", "loaded"])
        #expect(store.state.archive.entries == ["x"])
    }

    @Test("await dispatch returns only once the async reducer's change has landed")
    func awaitDispatchWaitsForTheChange() async {
        let store = makeJournalStore(AppendLoadedReducer())
        let load = Load()
        let seenOnReturn = Recorder<[String]>()
        let loading = Task {
            await store.dispatchAndWait(load)
            seenOnReturn.append(store.state.journal.entries)
        }
        await load.started.wait()
        await store.dispatchAndWait(Write(entry: "meanwhile"))
        #expect(seenOnReturn.all.isEmpty)
        load.release.open()
        await loading.value
        #expect(seenOnReturn.all == [["meanwhile", "loaded"]])
    }

    @Test("two loads in flight both land, each on the state the other left")
    func overlappingLoadsBothLand() async {
        let store = makeJournalStore(AppendLoadedReducer())
        let first = Load()
        let second = Load()
        let loadingFirst = Task { await store.dispatchAndWait(first) }
        let loadingSecond = Task { await store.dispatchAndWait(second) }
        await first.started.wait()
        await second.started.wait()
        second.release.open()
        await loadingSecond.value
        await store.dispatchAndWait(Write(entry: "between"))
        first.release.open()
        await loadingFirst.value
        #expect(store.state.journal.entries == ["loaded", "between", "loaded"])
    }

    @Test("the completion form still lands, replacing the sub-state with its value: a write made meanwhile is lost")
    func completionFormReplacesTheSubstate() async {
        let issues = IssueCollector()
        let store = makeJournalStore(CompleteWithLoadedReducer(), issues: issues)
        await store.dispatchAndWait(Write(entry: "before"))
        let load = Load()
        let loading = Task { await store.dispatchAndWait(load) }
        await load.started.wait()
        await store.dispatchAndWait(Write(entry: "x"))
        load.release.open()
        await loading.value
        // Copy semantics: the completion's value is the whole new journal, made without seeing
        // "before" or "x"; it replaces the journal it was started for, and nothing else.
        #expect(store.state.journal.entries == ["loaded"])
        #expect(store.state.archive.entries == ["before", "x"])
        #expect(issues.issues.isEmpty)
    }

    @Test("a second call of the completion is reported as completionCalledTwice and ignored")
    func secondCompletionIsReported() async {
        let issues = IssueCollector()
        let store = makeJournalStore(CompleteWithLoadedReducer(), issues: issues)
        let load = Load(completions: 2)
        load.release.open()
        await store.dispatchAndWait(load)
        await load.finished.wait()
        #expect(issues.kinds == [.completionCalledTwice])
        #expect(issues.issues.first?.message.contains("CompleteWithLoadedReducer") == true)
        await store.dispatchAndWait(Write(entry: "after"))
        #expect(store.state.journal.entries == ["loaded", "after"])
    }
}
