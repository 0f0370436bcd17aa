internal import ReduxCore
internal import ReduxShared

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
        observe(ClosureMember(onChange), Selection(whole: Root.self))
    }

    /// Calls a closure with the part of the state a key path selects, now and after every applied
    /// action; when the part is `Equatable`, only when it changed.
    ///
    /// ```swift
    /// let token = store.observe(select: \.user.userName) { name in print("Hello, \(name)") }
    /// ```
    ///
    /// Observations through the same key path share one selection and one comparison, so their
    /// cost per action does not grow with their number while the part stays the same.
    ///
    /// - Parameters:
    ///   - keyPath: The part of the state to watch.
    ///   - onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    /// - Complexity: O(1) amortised.
    public func observe<Selected>(
        select keyPath: any KeyPath<Root, Selected> & Sendable, _ onChange: @escaping @Sendable (Selected) -> Void
    ) -> ObservationToken {
        observe(ClosureMember(onChange), Selection(keyPath))
    }

    /// Calls a closure with a value computed from the state, now and after every applied action;
    /// when the value is `Equatable`, only when it changed.
    ///
    /// ```swift
    /// let token = store.observe(select: { $0.todos.items.count }) { count in print(count) }
    /// ```
    ///
    /// - Parameters:
    ///   - select: Computes the value to watch; runs after every applied action.
    ///   - onChange: Called on the thread that applied the action.
    /// - Returns: The token that keeps the observation alive.
    public func observe<Selected>(
        select: @escaping @Sendable (Root) -> Selected, _ onChange: @escaping @Sendable (Selected) -> Void
    ) -> ObservationToken {
        observe(ClosureMember(onChange), Selection(select))
    }

    /// Calls a closure on the main actor with a value computed from the state: now, before this
    /// returns, then after every applied action whose value changed (an `Equatable` value; any
    /// other after every action), in the order the actions were applied.
    ///
    /// ```swift
    /// @MainActor @Observable final class TodoListModel {
    ///     private(set) var rows: [String] = []
    ///     private var token: ObservationToken?
    ///
    ///     init(store: Store<AppState>) {
    ///         token = store.observe(select: \.todos, on: MainActor.self) { [weak self] todos in
    ///             self?.rows = todos.items.map(\.title)   // main-actor state, no hop
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Dispatch from any thread: a change applied on the main thread is delivered before
    /// `dispatch` returns there; one applied on another thread (an effect's update, say) is
    /// delivered in the main actor's next turn. Never a value older than one already delivered;
    /// after the token is cancelled on the main actor, nothing more.
    ///
    /// - Parameters:
    ///   - select: Computes the value to watch; a key path (`\.todos`) or a closure. Runs on the
    ///     thread that applied the action.
    ///   - on: `MainActor.self`: where `onChange` runs.
    ///   - onChange: Called on the main actor with each value.
    /// - Returns: The token that keeps the observation alive.
    /// - Complexity: O(1) amortised per applied action, plus a hop to the main actor per burst of
    ///   actions applied on other threads.
    @MainActor
    public func observe<Selected: Sendable>(
        select: @escaping @Sendable (Root) -> Selected, on _: MainActor.Type,
        _ onChange: @escaping @MainActor (Selected) -> Void
    ) -> ObservationToken {
        observeOnMainActor(Selection(select), onChange)
    }

    /// Every state the store reaches, starting with the current one, as an asynchronous sequence.
    ///
    /// ```swift
    /// for await state in store.states {
    ///     if state.game.result != nil { break }
    /// }
    /// ```
    ///
    /// Each iteration of the property is its own observation; it ends when the loop stops.
    /// States are buffered without limit, so a slow consumer still sees every state, in order.
    public var states: AsyncStream<Root> {
        AsyncStream { continuation in
            let token = observe { continuation.yield($0) }
            continuation.onTermination = { _ in token.cancel() }
        }
    }

    // MARK: The one way state is watched

    /// Watches a selection on the main actor: attaches a member now, under the lock, and
    /// delivers the selection of the current state before returning.
    ///
    /// The member joins at once rather than in the serial order (``attach(_:_:replacing:)``),
    /// so that the first value is synchronous even while another thread applies actions. The only
    /// notification it can then get for a state not newer than its first value is the one being
    /// sent for the state it read (the member joined an existing group between that state's
    /// application and its notification): the same state again, which an `Equatable` selection
    /// skips. Everything later comes in order through the delivery's mailbox.
    @MainActor
    func observeOnMainActor<Selected: Sendable>(
        _ selection: Selection<Root, Selected>, _ onChange: @escaping @MainActor (Selected) -> Void
    ) -> ObservationToken {
        observeOnMainActorDelivering(selection, onChange).token
    }

    /// ``observeOnMainActor(_:_:)``, and the delivery, whose pending values the main actor can take
    /// before its next turn (``MainActorDelivery/deliverPending()``).
    @MainActor
    func observeOnMainActorDelivering<Selected: Sendable>(
        _ selection: Selection<Root, Selected>, _ onChange: @escaping @MainActor (Selected) -> Void
    ) -> (token: ObservationToken, delivery: any PendingDelivery) {
        let delivery = MainActorDelivery(isRepeat: selection.isRepeat, onChange: onChange)
        let member = ClosureMember<Selected> { delivery.receive($0) }
        let first = lock.withLock { () -> Selected in
            _ = groupLocked(for: selection).addMemberLocked(member)
            mainActorDeliveries.removeAll { $0.delivery == nil }
            mainActorDeliveries.append(WeakDelivery(delivery))
            return selection.select(UnsafeRawPointer(statePointer))
        }
        delivery.deliverFirst(first)
        let token = ObservationToken { [weak self] in
            delivery.cancel()
            guard let self else { return }
            self.lock.withLock { self.mainActorDeliveries.removeAll { $0.delivery === delivery } }
            self.removeMembers { $0 === member }
        }
        return (token, delivery)
    }

    /// The group that delivers a selection: the one of its key path, if observed already, or a
    /// new one. Called holding the lock.
    private func groupLocked<Selected>(for selection: Selection<Root, Selected>) -> any ObservationGroup {
        if let key = selection.groupKey, let existing = keyPathGroups[key] {
            return existing
        }
        let group = SelectionGroup<Root, Selected>(
            select: selection.select, isDuplicate: selection.isRepeat,
            initial: selection.select(UnsafeRawPointer(statePointer)))
        observationGroups.append(group)
        if let key = selection.groupKey { keyPathGroups[key] = group }
        return group
    }

    /// Attaches a member with a selection and returns the token that detaches it.
    ///
    /// - Parameters:
    ///   - member: What receives the selection.
    ///   - selection: What it receives.
    ///   - cancelsOnRelease: Whether dropping the token ends the observation (`observe`), or only
    ///     cancelling it does (VISPER-Redux's `observableState.subscribe`).
    func observe<Selected>(
        _ member: ObservationMember<Selected>, _ selection: Selection<Root, Selected>, cancelsOnRelease: Bool = true
    )
        -> ObservationToken
    {
        attach(member, selection)
        return ObservationToken(cancelsOnRelease: cancelsOnRelease) { [weak self] in
            self?.removeMembers { $0 === member }
        }
    }

    /// Adds a member in the store's serial order, so that its first value (the current state)
    /// comes before any update for a later action. Every way of watching the state ends here,
    /// but the main actor's (``observeOnMainActor(_:_:)``), which joins the same groups at once.
    ///
    /// - Parameters:
    ///   - member: What receives the selection.
    ///   - selection: What it receives.
    ///   - subscriber: A subscriber object whose earlier subscriptions the member replaces, in the
    ///     same step, so that no action reaches both or neither.
    func attach<Selected>(
        _ member: ObservationMember<Selected>, _ selection: Selection<Root, Selected>,
        replacing subscriber: ObjectIdentifier? = nil
    ) {
        enqueue(
            .perform { [self] in
                let (group, isFirstMember, state) = lock.withLock { () -> (any ObservationGroup, Bool, Root) in
                    if let subscriber {
                        removeMembersLocked { $0.subscriberIdentifier == subscriber }
                    }
                    let group = groupLocked(for: selection)
                    return (group, group.addMemberLocked(member), statePointer.pointee)
                }
                withUnsafePointer(to: state) { state in
                    group.deliverFirstValue(to: member, state: UnsafeRawPointer(state), isFirstMember: isFirstMember)
                }
            })
    }

    /// Removes the members matching a predicate, and the groups they leave empty.
    func removeMembers(where shouldRemove: @escaping (ObservationMemberBase) -> Bool) {
        lock.withLock { removeMembersLocked(where: shouldRemove) }
    }

    /// ``removeMembers(where:)``, for a caller that holds the lock.
    private func removeMembersLocked(where shouldRemove: (ObservationMemberBase) -> Bool) {
        var emptied: [ObjectIdentifier] = []
        for group in observationGroups where group.removeMembersLocked(where: shouldRemove) {
            emptied.append(ObjectIdentifier(group))
        }
        guard !emptied.isEmpty else { return }
        observationGroups.removeAll { emptied.contains(ObjectIdentifier($0)) }
        keyPathGroups = keyPathGroups.filter { !emptied.contains(ObjectIdentifier($0.value)) }
    }

    /// Notifies every group of a new state, then prunes deallocated subscribers.
    func notify(_ groups: [any ObservationGroup], of state: Root) {
        var foundDead = false
        withUnsafePointer(to: state) { state in
            for group in groups where group.notify(UnsafeRawPointer(state), lock: lock) {
                foundDead = true
            }
        }
        if foundDead {
            removeMembers { $0.isDead }
        }
    }
}

/// How an observation reads the state: what it selects, whether it skips repeats, and the key
/// under which observations of the same key path share a group.
struct Selection<Root, Selected> {
    let groupKey: AnyKeyPath?
    /// Reads the selection from the address of a root state; a stored property of a struct is
    /// read at its offset, without copying the root.
    let select: (UnsafeRawPointer) -> Selected
    let isRepeat: ((Selected, Selected) -> Bool)?

    /// The whole state, delivered after every action.
    init(whole _: Root.Type) where Selected == Root {
        groupKey = nil
        select = { $0.assumingMemoryBound(to: Root.self).pointee }
        isRepeat = nil
    }

    /// A key path; an `Equatable` part skips repeats. A stored property of a struct is read at its
    /// offset, without the runtime's key-path application.
    init(_ keyPath: any KeyPath<Root, Selected> & Sendable) {
        groupKey = keyPath
        isRepeat = repeatCheck(Selected.self)
        if let offset = MemoryLayout<Root>.offset(of: keyPath) {
            // Sound: a `Selected` lives `offset` bytes into the root (`MemoryLayout.offset(of:)`).
            select = { ($0 + offset).assumingMemoryBound(to: Selected.self).pointee }
        } else {
            select = { $0.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] }
        }
    }

    /// A computed value, delivered after every action, compared with nothing.
    init(unequatable select: @escaping @Sendable (Root) -> Selected) {
        groupKey = nil
        self.select = { select($0.assumingMemoryBound(to: Root.self).pointee) }
        isRepeat = nil
    }

    /// A computed value; an `Equatable` one skips repeats.
    init(_ select: @escaping @Sendable (Root) -> Selected) {
        groupKey = nil
        self.select = { select($0.assumingMemoryBound(to: Root.self).pointee) }
        isRepeat = repeatCheck(Selected.self)
    }
}
