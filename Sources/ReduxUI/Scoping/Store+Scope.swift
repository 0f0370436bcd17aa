#if canImport(Observation)
    internal import ReduxCore
    public import ReduxStore

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Store {
        /// A scope of a part of the state, for the views of the feature placed there: the root of
        /// a tree of ``ScopedStore``s, fed by one observation of this store.
        ///
        /// ```swift
        /// @main struct ContactsApp: App {
        ///     @State private var contacts = Store(initialState: AppState(), features: features)
        ///         .scope(\.contacts)
        ///     var body: some Scene { WindowGroup { ContactListView(store: contacts) } }
        /// }
        /// ```
        ///
        /// Make it once, where the app starts, and keep it; views get scopes of it (`scope(_:)`,
        /// `scope(each:)`, `scope(_:id:)` of ``ScopedStore``). Each call starts an observation of
        /// its own. `\.self` scopes the whole state. The scope keeps the store alive.
        ///
        /// - Parameter keyPath: The part; a feature's place for binding writes to reach it.
        /// - Returns: The scope.
        @MainActor
        public func scope<Part: Sendable>(_ keyPath: any WritableKeyPath<Root, Part> & Sendable) -> ScopedStore<Part> {
            let seam = scopingSeam
            let host = ScopeHost(
                base: keyPath,
                send: { action, owners, address, fileID, line in
                    seam.dispatchShown(action, owners: owners, address: address, sentFrom: fileID, line: line)
                },
                sendAwaiting: { action, address, fileID, line, onSettled in
                    self.scopingSeam.dispatch(
                        action, address: address, sentFrom: fileID, line: line, onSettled: onSettled)
                },
                cancelEffects: { owner in seam.cancelEffects(ownedBy: owner) },
                reporter: { self.issueReporter })
            let scope = ScopedStore(host: host, part: state[keyPath: keyPath], route: ownRoute(Part.self))
            // Every state, compared with nothing: the scopes compare what their views read.
            (host.token, host.showPending) = seam.observe(select: { $0[keyPath: keyPath] }) { [weak scope] part in
                scope?.update(part)
            }
            return scope
        }
    }
#endif
