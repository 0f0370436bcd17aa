public import ReduxCore
public import ReduxStore

/// An application assembled from features: one ``Redux`` setup that every ``LogicFeature``
/// adds its reducers to.
///
/// ```swift
/// let app = ReduxAppFactory().makeApplication(initialState: AppState(), appReducer: appReducer)
/// app.add(feature: UserFeature())
/// app.redux.actionDispatcher.dispatch(SetUsernameAction(newUsername: "Max Mustermann"))
/// ```
///
/// Features may be added at any time, also after actions were dispatched: their reducers run
/// from the next action on.
public final class ReduxApp<Root: State>: Sendable {
    /// The store, its container and its dispatcher.
    public let redux: Redux<Root>

    /// Creates an app around a setup.
    ///
    /// - Parameter redux: The setup features register into.
    public init(redux: Redux<Root>) {
        self.redux = redux
    }

    /// The app's state, observable VISPER-style: `app.state.value`,
    /// `app.state.map { $0.user }.subscribe { … }`.
    public var state: ObservableState<Root> {
        redux.store.observableState
    }

    /// Adds a feature: it registers its reducers in the app's container.
    ///
    /// - Parameter feature: The feature to add.
    public func add(feature: some LogicFeature) {
        feature.injectReducers(container: redux.reducerContainer)
    }
}
