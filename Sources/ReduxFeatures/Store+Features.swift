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
    ///   - dependencies: The dependencies of this store (an app, a test, a preview):
    ///     `Dependencies { $0.todoClient = .preview }`; what it does not override has its live value.
    ///   - reducers: Registers reducers of the root state, after the features'.
    public convenience init(
        initialState: Root,
        features: [PlacedFeature<Root>] = [],
        middleware: [Middleware<Root>] = [],
        issueReporter: IssueReporter = .default,
        dependencies: Dependencies = Dependencies(),
        reducers: (_ container: any ReducerContainer) -> Void = { _ in }
    ) {
        let registry = ReducerRegistry(issueReporter: issueReporter)
        let root = PlacedContainer<Root, Root>(
            registry: registry, slot: ObjectIdentifier(Root.self),
            placement: "the root reducers of Store<\(Root.self)>",
            issueReporter: issueReporter, dependencies: dependencies)
        self.init(
            initialState: initialState, appReducer: nil, container: registry,
            exposedContainer: root, middleware: middleware, issueReporter: issueReporter,
            dependencies: dependencies)
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
        featureSeam.noteAttachments(feature.attachments)
    }

    /// Removes a feature added at its place: its reducers stop running, and the effects running
    /// at its place are cancelled (nothing they hand back lands). Its part of the state stays as
    /// it is.
    ///
    /// ```swift
    /// store.remove(ProfileFeature().at(\.profile))
    /// ```
    ///
    /// The removal takes its turn in the store's serial order, after the actions already queued;
    /// when the store is idle it is done when this returns. Other features placed at the same
    /// place keep their reducers (the effects running there are cancelled all the same); features
    /// placed at the same key path for another case of its elements, or sharing a value there, are
    /// placed apart and keep their work. Removing a feature that is not placed there is reported.
    ///
    /// - Parameter feature: The feature and its place, as it was added.
    /// - Complexity: O(*n*) in the number of registrations; clears the routing cache.
    public func remove(_ feature: PlacedFeature<Root>) {
        feature.uninstall(self)
    }
}
