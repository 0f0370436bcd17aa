public import ReduxCore

extension Store {
    /// Subscribes to the whole state: the subscriber gets the current state now, then one
    /// update per applied action.
    ///
    /// The store holds the subscriber weakly and drops it once it is deallocated.
    ///
    /// - Parameter subscriber: The object to notify.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(_ subscriber: Subscriber)
    where Subscriber.SuscribedState == Root {
        attach(SubscriberMember(subscriber), group: nil) {
            SelectionGroup<Root, Root>(select: { $0 }, isDuplicate: nil)
        }
    }

    /// Subscribes to the part of the state a key path selects; one update per applied action.
    ///
    /// Subscriptions through the same key path share one selection.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) {
        attach(SubscriberMember(subscriber), group: ObservationGroupKey(keyPath: keyPath, skipsRepeats: false)) {
            SelectionGroup(select: Self.selector(keyPath), isDuplicate: nil)
        }
    }

    /// Subscribes to an `Equatable` part of the state a key path selects; the subscriber is only
    /// notified when that part changes.
    ///
    /// Subscriptions through the same key path share one selection and one comparison, so their
    /// cost per action does not depend on how many there are while the selection stays the same.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) where Subscriber.SuscribedState: Equatable {
        attach(SubscriberMember(subscriber), group: ObservationGroupKey(keyPath: keyPath, skipsRepeats: true)) {
            SelectionGroup(select: Self.selector(keyPath), isDuplicate: { $0 == $1 })
        }
    }

    /// Subscribes to a value computed from the state; one update per applied action.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) {
        attach(SubscriberMember(subscriber), group: nil) { SelectionGroup(select: select, isDuplicate: nil) }
    }

    /// Subscribes to an `Equatable` value computed from the state; the subscriber is only
    /// notified when that value changes.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    /// - Complexity: O(1) amortised.
    public func suscribe<Subscriber: StoreSuscriptor>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) where Subscriber.SuscribedState: Equatable {
        attach(SubscriberMember(subscriber), group: nil) { SelectionGroup(select: select, isDuplicate: { $0 == $1 }) }
    }

    /// Stops notifying a subscriber: every subscription it made to this store ends.
    ///
    /// Safe to call from inside a notification, including the subscriber's own `update`: once
    /// this returns on the notifying thread, the subscriber is not called again.
    ///
    /// - Parameter subscriber: The object to stop notifying.
    /// - Complexity: O(*n*) for *n* subscriptions.
    public func unsuscribe(_ subscriber: AnyObject) {
        let identifier = ObjectIdentifier(subscriber)
        removeMembers { $0.subscriberIdentifier == identifier }
    }

    /// English spelling of ``suscribe(_:)``.
    ///
    /// - Parameter subscriber: The object to notify; held weakly.
    public func subscribe<Subscriber: StoreSubscriber>(_ subscriber: Subscriber)
    where Subscriber.SuscribedState == Root {
        suscribe(subscriber)
    }

    /// English spelling of `suscribe(_:select:)`.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    public func subscribe<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) {
        suscribe(subscriber, select: keyPath)
    }

    /// English spelling of the `Equatable` key-path `suscribe(_:select:)`; skips repeats.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - keyPath: The part of the state the subscriber cares about.
    public func subscribe<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber, select keyPath: any KeyPath<Root, Subscriber.SuscribedState> & Sendable
    ) where Subscriber.SuscribedState: Equatable {
        suscribe(subscriber, select: keyPath)
    }

    /// English spelling of the closure `suscribe(_:select:)`.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    public func subscribe<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) {
        suscribe(subscriber, select: select)
    }

    /// English spelling of the `Equatable` closure `suscribe(_:select:)`; skips repeats.
    ///
    /// - Parameters:
    ///   - subscriber: The object to notify; held weakly.
    ///   - select: Computes the value the subscriber cares about.
    public func subscribe<Subscriber: StoreSubscriber>(
        _ subscriber: Subscriber, select: @escaping @Sendable (Root) -> Subscriber.SuscribedState
    ) where Subscriber.SuscribedState: Equatable {
        suscribe(subscriber, select: select)
    }

    /// English spelling of ``unsuscribe(_:)``.
    ///
    /// - Parameter subscriber: The object to stop notifying.
    public func unsubscribe(_ subscriber: AnyObject) {
        unsuscribe(subscriber)
    }

    // MARK: Internals

    /// Reads the part of the state a key path selects; a stored property of a struct is read at its
    /// offset, without the runtime's key-path application (~440 instructions per read).
    static func selector<Selected>(_ keyPath: any KeyPath<Root, Selected> & Sendable) -> (Root) -> Selected {
        guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return { $0[keyPath: keyPath] } }
        return { root in
            withUnsafeBytes(of: root) { bytes in
                (bytes.baseAddress! + offset).assumingMemoryBound(to: Selected.self).pointee
            }
        }
    }

    /// Adds a member in the store's serial order, so that its first value (the current state)
    /// comes before any update for a later action.
    func attach(
        _ member: ObservationMemberBase, group key: ObservationGroupKey?,
        makeGroup: @escaping () -> ObservationGroup<Root>
    ) {
        enqueue(
            .perform { [self] in
                let (group, isFirstMember, state) = lock.withLock { () -> (ObservationGroup<Root>, Bool, Root) in
                    let group: ObservationGroup<Root>
                    if let key, let existing = keyPathGroups[key] {
                        group = existing
                    } else {
                        group = makeGroup()
                        observationGroups.append(group)
                        if let key { keyPathGroups[key] = group }
                    }
                    return (group, group.addMemberLocked(member), statePointer.pointee)
                }
                group.deliverFirstValue(to: member, state: state, isFirstMember: isFirstMember)
            })
    }

    /// Removes the members matching a predicate, and the groups they leave empty.
    func removeMembers(where shouldRemove: @escaping (ObservationMemberBase) -> Bool) {
        lock.withLock {
            var emptied: [ObjectIdentifier] = []
            for group in observationGroups where group.removeMembersLocked(where: shouldRemove) {
                emptied.append(ObjectIdentifier(group))
            }
            guard !emptied.isEmpty else { return }
            observationGroups.removeAll { emptied.contains(ObjectIdentifier($0)) }
            keyPathGroups = keyPathGroups.filter { !emptied.contains(ObjectIdentifier($0.value)) }
        }
    }

    /// Notifies every group of a new state, then prunes deallocated subscribers.
    func notify(_ groups: [ObservationGroup<Root>], of state: Root) {
        var foundDead = false
        for group in groups where group.notify(state, lock: lock) {
            foundDead = true
        }
        if foundDead {
            removeMembers { $0.isDead }
        }
    }
}
