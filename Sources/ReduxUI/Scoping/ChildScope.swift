#if canImport(Observation)
    /// Turns a write of a scope's part into an action: a ``BindingAction`` of the nearest
    /// ``BindableState`` at or above the scope, given the field, the value, where the owner is
    /// below that state, and the write itself.
    typealias BindingRoute<Part> =
        @MainActor (
            _ field: AnyKeyPath, _ value: any Sendable, _ location: [BindingStep],
            _ write: @escaping @Sendable (inout Part) -> Void
        ) -> any Action

    /// A child scope, as its parent feeds it: held weakly, so that a child lives as long as a view
    /// holds it (a child holds its parent, so a row keeps the scopes above it fed).
    @MainActor
    struct ChildScope<Parent> {
        /// The child scope itself (to hand out again), while something holds it.
        weak var scope: AnyObject?
        /// Gives the child its part of a new parent part; false when the part is gone (the child
        /// was marked so) or nothing holds the child any more.
        let update: @MainActor (Parent) -> Bool
        /// Marks the child gone (its parent's part is gone).
        let markGone: @MainActor () -> Void
    }

    /// A presented child a scope was made for: the owner of the effects sent from
    /// it, and whether it is still in its parent's part.
    struct OwnedPart<Parent> {
        let owner: ScopeOwner
        let isThere: (Parent) -> Bool
    }

    internal import ReduxCore
#endif
