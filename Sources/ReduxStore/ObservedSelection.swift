#if canImport(Observation)
    import Observation
    import ReduxCore

    /// A part of a store's state as an `Observable` object, for SwiftUI and anything else built
    /// on the Observation framework.
    ///
    /// ```swift
    /// struct ScoreView: View {
    ///     let settings: ObservedSelection<Settings>   // store.observed(\.settings)
    ///
    ///     var body: some View {
    ///         Text("Best of \(settings.bestOf)")    // re-rendered when settings change
    ///     }
    /// }
    /// ```
    ///
    /// The object follows the store through an ordinary closure observation: after every
    /// applied action whose selection changed (for `Equatable` selections, only then), it sets
    /// ``value``, which tells Observation that ``value`` changed. Reading ``value``, directly or
    /// through a member (`settings.bestOf`), inside `withObservationTracking` or a SwiftUI body
    /// registers the dependency.
    ///
    /// - Threading: ``value`` is set on the thread that applied the action, as every observation
    ///   is notified. Observation delivers `onChange` on that thread too, so dispatch on the main
    ///   actor when the object drives a user interface. Reading ``value`` is safe from any
    ///   thread.
    /// - Lifetime: the object keeps its observation, not the store. When the object is
    ///   deallocated, the observation ends; when the store is deallocated, ``value`` keeps the
    ///   last state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @dynamicMemberLookup
    public final class ObservedSelection<Value: Sendable>: Observable, Sendable {
        private let registrar = ObservationRegistrar()
        private let current: LockedValue<Value>
        private let subscription = LockedValue<ObservationToken?>(nil)

        /// Starts following a selection.
        ///
        /// - Parameters:
        ///   - initial: The selection's value now.
        ///   - observe: Starts the store's observation with the closure it is given, which it
        ///     calls with the selection now and after each change.
        init(initial: Value, observe: (_ onChange: @escaping @Sendable (Value) -> Void) -> ObservationToken) {
            current = LockedValue(initial)
            let token = observe { [weak self] newValue in self?.set(newValue) }
            subscription.withLock { $0 = token }
        }

        /// The selection's latest value.
        ///
        /// Reading it registers an Observation dependency on it.
        public var value: Value {
            registrar.access(self, keyPath: \.value)
            return current.withLock { $0 }
        }

        /// A member of the selection's latest value: `settings.bestOf` for `settings.value.bestOf`.
        ///
        /// - Parameter member: The member's key path.
        /// - Returns: The member of ``value``.
        public subscript<Member>(dynamicMember member: KeyPath<Value, Member>) -> Member {
            value[keyPath: member]
        }

        /// Stops following the store; ``value`` keeps the last state. Calling it again does
        /// nothing.
        public func cancel() {
            subscription.withLock { $0 }?.cancel()
        }

        private func set(_ newValue: Value) {
            registrar.withMutation(of: self, keyPath: \.value) {
                current.withLock { $0 = newValue }
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Store {
        /// A part of the state as an `Observable` object; `\.self` for the whole state.
        ///
        /// ```swift
        /// let settings = store.observed(\.settings)
        /// withObservationTracking { _ = settings.bestOf } onChange: { print("settings changed") }
        /// ```
        ///
        /// It follows the store like ``observe(select:_:)-(KeyPath<Root,Selected>Sendable,_)`` with the same key path: an
        /// `Equatable` part changes the object only when it changed, and observations of one key
        /// path share one selection and comparison.
        ///
        /// - Parameter keyPath: The part of the state to follow.
        /// - Returns: An object that follows the store until it is deallocated or cancelled.
        public func observed<Selected: Sendable>(
            _ keyPath: any KeyPath<Root, Selected> & Sendable
        ) -> ObservedSelection<Selected> {
            ObservedSelection(initial: state[keyPath: keyPath]) { observe(select: keyPath, $0) }
        }
    }
#endif
