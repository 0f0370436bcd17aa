#if canImport(SwiftUI) && canImport(Observation)
    import MultiRedux
    import SwiftUI

    // MARK: Docs/MultiRedux.docc/Articles/TheStore.md, "A SwiftUI screen"

    /// The app around the screen: one store for the app's life, its features placed once, and
    /// the model made from it. An app target marks its `App` with `@main`.
    ///
    /// A file that imports both SwiftUI and MultiRedux sees two `State`s, SwiftUI's property
    /// wrapper and MultiRedux's protocol: it writes `@SwiftUI.State`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct TodoListApp: App {
        @SwiftUI.State private var model = TodoListModel(
            store: Store(
                initialState: TodoApp(),
                features: [
                    SessionFeature().at(\.session),
                    TodoListFeature().at(\.todos, reading: \.session),
                ]))

        var body: some Scene {
            WindowGroup {
                TodoListView(model: model)
            }
        }
    }
#endif
