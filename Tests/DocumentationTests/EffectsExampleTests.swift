import Foundation
import MultiRedux
import ReduxTesting
import TestHelpers
import Testing

@testable import TodoListExample

// MARK: Docs/MultiRedux.docc/Articles/Effects.md
// The domain is in Sources/TodoListExample/TodoDomain.swift, where the SwiftUI screen uses it too.

/// A to-do client whose answers the tests choose, and which records the searches it was asked.
func stubClient(titles: [String] = ["Write docs"], searched: Recorder<String> = Recorder()) -> TodoClient {
    TodoClient(
        logIn: { name in name.prefix(1).uppercased() + name.dropFirst() },
        load: { titles },
        save: { _ in },
        search: { query in
            searched.append(query)
            return titles.filter { $0.lowercased().contains(query) }
        })
}

/// The effects here finish at once; the suite timeout only covers a loaded machine (a full
/// parallel run on two cores, or Thread Sanitizer), where a new task can wait for a free thread.
@Suite(.testStoreTimeout(.seconds(120))) struct EffectsExampleTests {
    @Test("dispatchAndWait returns once the effect, its follow-up action and the follow-up's effect have landed")
    func loadingFlow() async {
        let store = Store(
            initialState: TodoApp(),
            features: [SessionFeature().at(\.session), TodoListFeature().at(\.todos, reading: \.session)],
            dependencies: Dependencies { $0.todoClient = stubClient(titles: ["Write docs", "Buy milk"]) })
        await store.dispatchAndWait(LogIn(name: "ada"))
        #expect(store.state.session == Session(userName: "Ada", isLoggingIn: false))
        #expect(
            store.state.todos.todos == [Todo(title: "Write docs", owner: "Ada"), Todo(title: "Buy milk", owner: "Ada")])
        #expect(!store.state.todos.isLoading)
    }

    @Test("the synchronous part of the reducer has changed the state when dispatch returns")
    func synchronousPart() async {
        let answer = AsyncGate()
        let store = Store(
            initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
            dependencies: Dependencies {
                $0.todoClient.load = {
                    await answer.wait()
                    return ["Write docs"]
                }
            })
        store.dispatch(LoadTodos())
        #expect(store.state.todos.isLoading)
        answer.open()
        await store.dispatchAndWait(LoadTodos())  // cancels the first load, and waits for its own
        #expect(store.state.todos.todos.map(\.title) == ["Write docs"])
    }

    @Test("an error thrown by the work reaches catch:, which changes the state")
    func errorPath() async {
        let store = Store(
            initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
            dependencies: Dependencies { $0.todoClient.load = { throw TodoClientError.offline } })
        await store.dispatchAndWait(LoadTodos())
        #expect(store.state.todos.error == "offline")
        #expect(store.state.todos == TodoState(todos: [], isLoading: false, error: "offline"))
    }

    @Test("an error no catch: handles is reported as effectFailed")
    func unhandledError() async {
        let issues = IssueCollector()
        let store = Store(
            initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
            issueReporter: issues.reporter,
            dependencies: Dependencies { $0.todoClient.save = { _ in throw TodoClientError.offline } })
        await store.dispatchAndWait(ImportTodos(titles: ["Write docs"]))
        #expect(issues.kinds == [.effectFailed])
        #expect(store.state.todos.todos.isEmpty)
    }

    @Test("work hands back several updates, in order, then a follow-up action")
    func streaming() async {
        let states = Recorder<[String]>()
        let store = Store(
            initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
            dependencies: Dependencies { $0.todoClient = stubClient(titles: ["A", "B"]) })
        let token = store.observe(select: { $0.todos.todos.map(\.title) }) { states.append($0) }
        await store.dispatchAndWait(ImportTodos(titles: ["A", "B"]))
        #expect(states.all == [[], ["A"], ["A", "B"]])
        token.cancel()
    }

    @Test("middleware sees follow-up actions, and the action whose effect sent them")
    func currentCause() async {
        let log = Recorder<String>()
        let causes = Middleware<TodoApp> { action, store in
            if let cause = store.currentCause { log.append("\(type(of: action)) caused by \(type(of: cause))") }
            return action
        }
        let store = Store(
            initialState: TodoApp(),
            features: [SessionFeature().at(\.session), TodoListFeature().at(\.todos, reading: \.session)],
            middleware: [causes], dependencies: Dependencies { $0.todoClient = stubClient() })
        await store.dispatchAndWait(LogIn(name: "ada"))
        #expect(log.all.contains("LoadTodos caused by LogIn"))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("search as you type: a new query cancels the one in flight, and only after the debounce is the client asked")
    func debounce() async {
        let clock = TestClock()
        let searched = Recorder<String>()
        let store = Store(
            initialState: TodoApp(), features: [SearchFeature().at(\.search)],
            dependencies: Dependencies {
                $0.clock = clock
                $0.todoClient = stubClient(titles: ["Buy milk", "Write docs"], searched: searched)
            })
        store.dispatch(Search(query: "m"))
        store.dispatch(Search(query: "mi"))  // cancels the search for "m"
        async let searching: Void = store.dispatchAndWait(Search(query: "milk"))  // cancels the one for "mi"
        for await state in store.states where state.search.query == "milk" { break }
        await clock.advance(by: .milliseconds(300))  // the search for "milk" reaches its debounce, then runs
        await searching
        #expect(searched.all == ["milk"])
        #expect(store.state.search == SearchState(query: "milk", results: ["Buy milk"]))
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("an action cancels work by its id: nothing it would hand back lands")
    func cancelByAction() async {
        let clock = TestClock()
        let store = Store(
            initialState: TodoApp(), features: [SearchFeature().at(\.search)],
            dependencies: Dependencies {
                $0.clock = clock
                $0.todoClient = stubClient()
            })
        store.dispatch(Search(query: "docs"))
        await clock.waitForSleepers(1)
        await store.dispatchAndWait(CancelSearch())
        #expect(clock.sleeperCount == 0)
        await clock.advance(by: .seconds(1))
        #expect(store.state.search == SearchState())
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("removing a feature cancels the work running at its place")
    func removeFeature() async {
        let clock = TestClock()
        let store = Store(
            initialState: TodoApp(),
            dependencies: Dependencies {
                $0.clock = clock
                $0.todoClient = stubClient()
            })
        store.add(SearchFeature().at(\.search))
        store.dispatch(Search(query: "docs"))
        await clock.waitForSleepers(1)
        store.remove(SearchFeature().at(\.search))
        #expect(clock.sleeperCount == 0)
        #expect(store.state.search == SearchState(query: "docs", results: []))
    }

    @Test("a test store uses the dependencies the test overrides, and receives each update")
    func testStore() async {
        let store = TestStore(
            initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
            dependencies: Dependencies { $0.todoClient = stubClient(titles: ["Write docs"]) })
        await store.send(LoadTodos()) { $0.todos.isLoading = true }
        await store.receive(TodoState.self) {
            $0.todos.todos = [Todo(title: "Write docs")]
            $0.todos.isLoading = false
        }
        await store.finish()
    }

    @Test("a test store fails a test that reads a dependency it did not override and that has no test value")
    func missingDependency() async {
        let failures = await collectFailures {
            let store = TestStore(
                initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
                exhaustivity: .off)
            await store.send(LoadTodos())
            await store.finish()
        }
        #expect(
            failures.contains {
                $0.message.contains("TodoClient (declared at TodoListExample/TodoDomain.swift:")
            })
    }
}
