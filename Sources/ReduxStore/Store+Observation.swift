import ReduxCore

extension Store {
    /// Calls a closure with the current state now, then after every applied action, until the
    /// returned token is cancelled or deallocated.
    ///
    /// ```swift
    /// let token = store.observe { state in render(state) }
    /// ```
    ///
    /// - Parameter onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    /// - Complexity: O(1) amortised.
    public func observe(_ onChange: @escaping @Sendable (Root) -> Void) -> ObservationToken {
        observe(ClosureMember(onChange), group: nil) { SelectionGroup<Root, Root>(select: { $0 }, isDuplicate: nil) }
    }

    /// Calls a closure with the part of the state a key path selects, now and after every
    /// applied action, until the token goes.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    /// - Complexity: O(1) amortised.
    public func observe<Selected>(
        select keyPath: any KeyPath<Root, Selected> & Sendable, _ onChange: @escaping @Sendable (Selected) -> Void
    ) -> ObservationToken {
        observe(ClosureMember(onChange), group: ObservationGroupKey(keyPath: keyPath, skipsRepeats: false)) {
            SelectionGroup(select: { $0[keyPath: keyPath] }, isDuplicate: nil)
        }
    }

    /// Calls a closure with an `Equatable` part of the state now and whenever it changes, until
    /// the token goes.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    /// - Complexity: O(1) amortised.
    public func observe<Selected: Equatable>(
        select keyPath: any KeyPath<Root, Selected> & Sendable, _ onChange: @escaping @Sendable (Selected) -> Void
    ) -> ObservationToken {
        observe(ClosureMember(onChange), group: ObservationGroupKey(keyPath: keyPath, skipsRepeats: true)) {
            SelectionGroup(select: { $0[keyPath: keyPath] }, isDuplicate: { $0 == $1 })
        }
    }

    /// Calls a closure with a value computed from the state now, then after every applied
    /// action; for an `Equatable` value use the overload that skips repeats.
    ///
    /// - Parameters:
    ///   - select: Computes the value to watch.
    ///   - onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    public func observe<Selected>(
        select: @escaping @Sendable (Root) -> Selected, _ onChange: @escaping @Sendable (Selected) -> Void
    ) -> ObservationToken {
        observe(ClosureMember(onChange), group: nil) { SelectionGroup(select: select, isDuplicate: nil) }
    }

    /// Calls a closure with an `Equatable` value computed from the state, now and whenever it
    /// changes.
    ///
    /// - Parameters:
    ///   - select: Computes the value to watch.
    ///   - onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    public func observe<Selected: Equatable>(
        select: @escaping @Sendable (Root) -> Selected, _ onChange: @escaping @Sendable (Selected) -> Void
    ) -> ObservationToken {
        observe(ClosureMember(onChange), group: nil) { SelectionGroup(select: select, isDuplicate: { $0 == $1 }) }
    }

    /// Every state the store reaches, starting with the current one, as an asynchronous sequence.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     if state.game.result != nil { break }
    /// }
    /// ```
    ///
    /// Each iteration of the property is its own subscription; it ends when the loop stops.
    /// States are buffered without limit, so a slow consumer still sees every state, in order.
    public var states: AsyncStream<Root> {
        AsyncStream { continuation in
            let token = observe { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    private func observe(
        _ member: ObservationMemberBase, group key: ObservationGroupKey?,
        makeGroup: @escaping () -> ObservationGroup<Root>
    ) -> ObservationToken {
        attach(member, group: key, makeGroup: makeGroup)
        return ObservationToken { [weak self] in
            self?.removeMembers { $0 === member }
        }
    }
}
