import MultiRedux

// The README's AppStore: child stores composed for one source of truth. In MultiRedux the
// children's states are parts of one root state, and their features are placed at those parts;
// the app has one store.

/// The app's state: the counter's and the users', where the README's AppStore held child stores.
struct AppState: State, Equatable {
    var counter = Counter()
    var users = UserState()
}

/// The README's `AppStore`: the features of the app, each placed at its part.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
enum AppStore {
    static var features: [PlacedFeature<AppState>] {
        [CounterFeature().at(\.counter), UserFeature().at(\.users)]
    }
}
