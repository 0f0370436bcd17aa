public import ReduxCore
public import ReduxReducers
public import ReduxStore

extension Store {
    /// Creates a store from features, each placed at the part of the root state it owns.
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: AppState(),
    ///     features: [UserFeature().at(\.user), TodoFeature().at(\.todos)])
    /// ```
    ///
    /// On every action the store reduces each placed part in place, in the order the features
    /// were placed, with the reducers its features registered there; then the root, with the
    /// reducers registered on the root's type (by the features, or in `reducers`). A small store
    /// needs no feature at all:
    ///
    /// ```swift
    /// let counter = Store(initialState: Counter()) { reducers in
    ///     reducers.addReduceFunction { (_, _: Increment, state: inout Counter) in state.count += 1 }
    /// }
    /// ```
    ///
    /// A registration no part of the state can reach is reported as
    /// ``ReduxIssue/Kind/unreachableReducer`` and not made.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - features: The features and their places, in the order their parts are reduced.
    ///   - middleware: Runs on every action before the reducers, in this order.
    ///   - issueReporter: Where misuse and diagnostics go.
    ///   - reducers: Registers reducers of the root state, after the features'.
    public convenience init(
        initialState: Root,
        features: [PlacedFeature<Root>] = [],
        middleware: [Middleware<Root>] = [],
        issueReporter: IssueReporter = .default,
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) {
        let registry = ReducerRegistry(issueReporter: issueReporter)
        let locations = FeatureLocations<Root>()
        let root = PlacedContainer<Root, Root>(
            registry: registry, slot: ObjectIdentifier(Root.self),
            placement: "the root reducers of Store<\(Root.self)>",
            issueReporter: issueReporter)
        self.init(
            initialState: initialState, appReducer: rootAppReducer(), container: registry,
            exposedContainer: root, featureLocations: locations, middleware: middleware, issueReporter: issueReporter)
        for feature in features {
            add(feature)
        }
        reducers(root)
    }

    /// Adds a feature at its place, at any time: its reducers run from the next action on.
    ///
    /// ```swift
    /// store.add(ProfileFeature().at(\.profile))
    /// ```
    ///
    /// A second feature at a place already taken adds its reducers after the first one's. A
    /// registration no part of the state can reach is reported and not made.
    ///
    /// - Parameter feature: The feature and its place.
    /// - Complexity: O(*r*) for the feature's *r* registrations; clears the routing cache.
    public func add(_ feature: PlacedFeature<Root>) {
        feature.install(self)
    }
}
