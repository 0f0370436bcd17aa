internal import ReduxShared

#if canImport(Observation)
    import Observation
    internal import ReduxCore

    /// A part of a store's state as an `Observable` object on the main actor, for SwiftUI and
    /// anything else built on the Observation framework.
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
    /// The object follows the store like `observe(select:on:_:)` with `MainActor.self`: after
    /// every applied action whose selection changed (for `Equatable` selections, only then), it
    /// sets ``value`` on the main actor, which tells Observation that ``value`` changed. Reading
    /// ``value``, directly or through a member (`settings.bestOf`), inside
    /// `withObservationTracking` or a SwiftUI body registers the dependency.
    ///
    /// - Threading: the object lives on the main actor. Dispatch from any thread: a change applied
    ///   on the main thread is set before `dispatch` returns there, one applied on another thread
    ///   (an effect's update) in the main actor's next turn, in the order the actions were
    ///   applied.
    /// - Lifetime: the object keeps its observation, not the store. When the object is
    ///   deallocated, the observation ends; when the store is deallocated, ``value`` keeps the
    ///   last state.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @dynamicMemberLookup
    public final class ObservedSelection<Value: Sendable>: Observable {
        private let registrar = ObservationRegistrar()
        private var current: Value
        private var subscription: ObservationToken?

        /// Starts following a selection.
        ///
        /// - Parameters:
        ///   - initial: A value to hold until the first one arrives (synchronously, in `observe`).
        ///   - observe: Starts the store's main-actor observation with the closure it is given.
        init(initial: Value, observe: (_ onChange: @escaping @MainActor (Value) -> Void) -> ObservationToken) {
            current = initial
            subscription = observe { [weak self] newValue in self?.set(newValue) }
        }

        /// The selection's latest value.
        ///
        /// Reading it registers an Observation dependency on it.
        public var value: Value {
            registrar.access(self, keyPath: \.value)
            return current
        }

        /// A member of the selection's latest value: `settings.bestOf` for `settings.value.bestOf`.
        ///
        /// - Parameter member: The member's key path.
        /// - Returns: The member of ``value``.
        public subscript<Member>(dynamicMember member: KeyPath<Value, Member>) -> Member {
            value[keyPath: member]
        }

        private func set(_ newValue: Value) {
            registrar.withMutation(of: self, keyPath: \.value) {
                current = newValue
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension Store {
        /// A part of the state as an `Observable` object on the main actor; `\.self` for the whole
        /// state.
        ///
        /// ```swift
        /// let settings = store.observed(\.settings)
        /// withObservationTracking { _ = settings.bestOf } onChange: { print("settings changed") }
        /// ```
        ///
        /// It follows the store like ``observe(select:on:_:)`` with the same key path, on the main
        /// actor: an `Equatable` part changes the object only when it changed, and observations
        /// of one key path share one selection and comparison.
        ///
        /// - Parameter keyPath: The part of the state to follow.
        /// - Returns: An object that follows the store until it is deallocated.
        @MainActor
        public func observed<Selected: Sendable>(
            _ keyPath: any KeyPath<Root, Selected> & Sendable
        ) -> ObservedSelection<Selected> {
            ObservedSelection(initial: lock.withLock { statePointer.pointee[keyPath: keyPath] }) { onChange in
                observeOnMainActor(Selection(keyPath), onChange)
            }
        }
    }
#endif
