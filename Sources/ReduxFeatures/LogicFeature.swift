public import ReduxReducers

/// A feature's contribution to the app's logic: the reducers of the part of the state it owns.
///
/// A feature registers its reducers; the app places it at the part of the root state it owns,
/// in the one list the store is built from:
///
/// ```swift
/// struct UserFeature: LogicFeature {
///     func injectReducers(container: any ReducerContainer) {
///         container.addReducer(reducer: SetUsernameReducer())   // on UserState
///     }
/// }
///
/// let store = Store(initialState: AppState(), features: [UserFeature().at(\.user)])
/// ```
///
/// Reducers registered on the type at the feature's place run there; reducers registered on the
/// root state's type run at the root, after every sub-state. A reducer registered on any other
/// type could never run, and is reported (``ReduxIssue/Kind/unreachableReducer``) when the
/// feature is added. A feature type may be placed at several parts of one type (a home and an
/// away score, say); each place is reduced independently.
///
/// The `Codable` action types a feature's reducers handle are the ones it records: a journal
/// file names each `Feature.Action` (`TodoFeature.AddTodo`), without the module, and
/// `RecordableActions(store)` (ReduxTimeTravel) reads them back, with no list written by hand.
public protocol LogicFeature {
    /// Registers the feature's reducers.
    ///
    /// - Parameter container: Where to register them.
    func injectReducers(container: any ReducerContainer)
}

extension LogicFeature {
    /// Places the feature at the part of the root state it owns, and declares the parts other
    /// features own that its reducers and effects read.
    ///
    /// ```swift
    /// TodoFeature().at(\.todos, reading: \.session)
    /// ```
    ///
    /// A reducer of the feature (or its effect) reads a declared part with
    /// ``ReducerProvider/read(_:)``, by its type (`provider.read(Session.self)`), so
    /// the feature does not name the root state; it can never write it.
    ///
    /// - Parameters:
    ///   - keyPath: Where the feature's state lives in the root state; `\.self` for a feature
    ///     whose reducers all work on the root.
    ///   - reading: Parts of the root state, owned by other features, that the feature's reducers
    ///     and effects read; one per type.
    /// - Returns: The feature and its place, for `Store(initialState:features:)` or `Store.add(_:)`.
    public func at<Root, Value>(
        _ keyPath: any WritableKeyPath<Root, Value> & Sendable, reading: (any PartialKeyPath<Root> & Sendable)...
    ) -> PlacedFeature<Root> {
        PlacedFeature(self, at: keyPath, reading: reading, placing: Value.self, elements: nil)
    }
}
