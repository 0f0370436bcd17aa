#if canImport(Observation)
    import MultiRedux
    import Observation
    import TestHelpers
    import Testing
    @testable import TodoListExample

    // MARK: Docs/MultiRedux.docc/Articles/TheStore.md, "A view model on the main actor"

    // The model is Sources/TodoListExample/TodoListModel.swift, which TodoListView.swift shows.

    @Suite(timeLimit(minutes: 1)) @MainActor struct ViewModelExampleTests {
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("a main-actor view model shows the loading state at once and the rows when the effect lands")
        func viewModel() async {
            // The server answers when the test lets it.
            let (answer, server) = AsyncStream<Void>.makeStream()
            var client = stubClient()
            client.load = {
                for await _ in answer { break }
                return ["Write docs", "Buy milk"]
            }
            let store = Store(
                initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
                dependencies: Dependencies { $0.todoClient = client })
            let model = TodoListModel(store: store)
            #expect(model.rows.isEmpty && !model.isLoading)

            // A second main-actor observation, made after the model's, sees each change after it.
            var loaded: CheckedContinuation<Void, Never>?
            var isLoaded = false
            let token = store.observe(select: { $0.todos.todos.count }, on: MainActor.self) { count in
                guard count > 0 else { return }
                isLoaded = true
                loaded?.resume()
            }

            model.refresh()
            #expect(model.isLoading)  // applied on the main thread: set before dispatch returned
            server.yield()  // the effect's update lands off the main actor
            if !isLoaded {
                await withCheckedContinuation { loaded = $0 }
            }

            #expect(model.rows == ["Write docs", "Buy milk"])
            #expect(!model.isLoading)
            token.cancel()
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test("Observation reports the model's change, made on the main actor")
        func observationTracking() async {
            let store = Store(
                initialState: TodoApp(), features: [TodoListFeature().at(\.todos, reading: \.session)],
                dependencies: Dependencies { $0.todoClient = stubClient(titles: ["Write docs"]) })
            let model = TodoListModel(store: store)

            Task.detached { await store.dispatchAndWait(LoadTodos()) }  // lands off the main actor
            // The deliveries run on the main actor, as this test does: none can come between the
            // check and the tracking.
            while model.rows.isEmpty {
                await withCheckedContinuation { changed in
                    withObservationTracking {
                        _ = model.rows
                    } onChange: {
                        changed.resume()
                    }
                }
            }

            #expect(model.rows == ["Write docs"])
        }
    }
#endif
