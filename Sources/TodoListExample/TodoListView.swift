#if canImport(SwiftUI) && canImport(Observation)
    import SwiftUI  // the view talks to its model only: no MultiRedux here

    // MARK: Docs/MultiRedux.docc/Articles/TheStore.md, "A SwiftUI screen"

    /// The to-do list on screen: the rows, a spinner while they load, and a button that
    /// dispatches `LoadTodos` through the model. SwiftUI follows the model's `rows` and
    /// `isLoading` as it follows any `@Observable` object; the store never meets the view.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct TodoListView: View {
        let model: TodoListModel

        var body: some View {
            NavigationStack {
                List(model.rows, id: \.self) { title in
                    Text(title)
                }
                .overlay {
                    if model.isLoading {
                        ProgressView("Loading")
                    }
                }
                .navigationTitle("To-dos")
                .toolbar {
                    Button("Refresh") { model.refresh() }
                        .disabled(model.isLoading)
                }
            }
            .task { model.refresh() }
        }
    }
#endif
