#if canImport(Observation)
    import MultiRedux
    import Observation

    // MARK: Docs/MultiRedux.docc/Articles/TheStore.md, "A view model on the main actor"

    /// The to-do list screen: main-actor state a SwiftUI view reads, fed by the store.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor @Observable final class TodoListModel {
        private(set) var rows: [String] = []
        private(set) var isLoading = false
        @ObservationIgnored private let store: Store<TodoApp>
        @ObservationIgnored private var token: ObservationToken?

        init(store: Store<TodoApp>) {
            self.store = store
            token = store.observe(select: \.todos, on: MainActor.self) { [weak self] todos in
                self?.rows = todos.todos.map(\.title)  // main-actor state: no hop
                self?.isLoading = todos.isLoading
            }
        }

        func refresh() {
            store.dispatch(LoadTodos())  // from a button: the loading state shows at once
        }
    }
#endif
