internal import ReduxCore
internal import ReduxShared

/// Subscriptions that share one selection of the state and, for `Equatable` selections, one
/// comparison with the previous value.
///
/// All observations through the same key path land in one group, so a thousand subscribers of
/// `\.settings` cost one selection and one comparison per action while settings stay the same.
///
/// A protocol, not generic, and handed the state by address: the store keeps its groups in an
/// array of existentials and notifies them from unspecialised generic code, where an array of a
/// generic class costs two run-time metadata look-ups per action, and reading the state by value
/// a copy of it per group. ``SelectionGroup`` is the one kind of group.
protocol ObservationGroup: AnyObject, Sendable {
    /// Notifies the group's members of a new state. Called by the draining thread, outside the lock.
    ///
    /// - Parameter state: The address of the new root state.
    /// - Returns: Whether some member was found deallocated and should be pruned.
    func notify(_ state: UnsafeRawPointer, lock: Lock) -> Bool

    /// Adds a member. Call under the lock, in the same hold that found or created the group,
    /// so that an unsubscribe on another thread cannot empty and drop the group in between.
    ///
    /// - Returns: Whether the member is the group's first.
    func addMemberLocked(_ member: ObservationMemberBase) -> Bool

    /// Gives a newly added member the current selection. Called by the draining thread,
    /// outside the lock.
    func deliverFirstValue(to member: ObservationMemberBase, state: UnsafeRawPointer, isFirstMember: Bool)

    /// Removes members matching the predicate. Call under the lock.
    ///
    /// - Returns: Whether the group is now empty.
    func removeMembersLocked(where shouldRemove: (ObservationMemberBase) -> Bool) -> Bool
}

/// A group over one selection function.
///
/// - Note: `@unchecked Sendable`: `members` is guarded by the store's lock; `last` is only touched
///   by the thread that drains the store's queue, one at a time.
final class SelectionGroup<Root, Selected>: ObservationGroup, @unchecked Sendable {
    /// Reads the selection from the address of a root state.
    private let select: (UnsafeRawPointer) -> Selected
    private let isDuplicate: ((Selected, Selected) -> Bool)?
    /// The selection the members last got. Not optional: the group starts with the selection of
    /// the state it was created in, so skipping a repeat needs no `Optional<Selected>` metadata
    /// (a run-time look-up per action in this unspecialised code).
    @exclusivity(unchecked) private var last: Selected
    /// Every member is an `ObservationMember<Selected>`, kept as the non-generic base (see the
    /// type's note).
    @exclusivity(unchecked) private var members: [ObservationMemberBase] = []

    /// - Parameter initial: The selection of the state the group is created in.
    init(
        select: @escaping (UnsafeRawPointer) -> Selected, isDuplicate: ((Selected, Selected) -> Bool)?,
        initial: Selected
    ) {
        self.select = select
        self.isDuplicate = isDuplicate
        last = initial
    }

    func notify(_ state: UnsafeRawPointer, lock: Lock) -> Bool {
        let value = select(state)
        if let isDuplicate {
            if isDuplicate(last, value) { return false }
            last = value
        }
        lock.lock()
        let current = members
        lock.unlock()
        var foundDead = false
        for member in current where member.isActive(lock: lock) {
            // Sound: the group only ever adds members of its selection's type.
            if !unsafeDowncast(member, to: ObservationMember<Selected>.self).deliver(value) { foundDead = true }
        }
        return foundDead
    }

    func addMemberLocked(_ member: ObservationMemberBase) -> Bool {
        precondition(member is ObservationMember<Selected>, "ReduxStore: a member joined a group of another type")
        members.append(member)
        return members.count == 1
    }

    func deliverFirstValue(to member: ObservationMemberBase, state: UnsafeRawPointer, isFirstMember: Bool) {
        let value = select(state)
        if isFirstMember, isDuplicate != nil {
            last = value
        }
        _ = (member as! ObservationMember<Selected>).deliver(value)
    }

    func removeMembersLocked(where shouldRemove: (ObservationMemberBase) -> Bool) -> Bool {
        members.removeAll { member in
            guard shouldRemove(member) else { return false }
            member.isActiveLocked = false
            return true
        }
        return members.isEmpty
    }
}

/// The part of a member the store needs without knowing the selected type.
///
/// - Note: `@unchecked Sendable`: `isActiveLocked` is guarded by the store's lock.
class ObservationMemberBase: @unchecked Sendable {
    /// Whether the member still wants updates; cleared when it unsubscribes.
    @exclusivity(unchecked) var isActiveLocked = true

    /// The subscriber object behind the member, if it is one, for `unsubscribe`.
    var subscriberIdentifier: ObjectIdentifier? { nil }

    /// Whether the subscriber behind the member has been deallocated.
    var isDead: Bool { false }

    func isActive(lock: Lock) -> Bool {
        // Not `withLock`: the generic closure-taking call costs more per member (B4).
        lock.lock()
        let isActive = isActiveLocked
        lock.unlock()
        return isActive
    }
}

/// A member that receives selected values.
class ObservationMember<Selected>: ObservationMemberBase, @unchecked Sendable {
    /// Hands the member a value.
    ///
    /// - Returns: `false` when the member's subscriber is gone.
    func deliver(_ value: Selected) -> Bool {
        preconditionFailure("ReduxStore: ObservationMember.deliver must be overridden")
    }
}

/// A member backed by a closure, kept until its ``ObservationToken`` is cancelled.
final class ClosureMember<Selected>: ObservationMember<Selected>, @unchecked Sendable {
    private let onChange: @Sendable (Selected) -> Void

    init(_ onChange: @escaping @Sendable (Selected) -> Void) {
        self.onChange = onChange
    }

    override func deliver(_ value: Selected) -> Bool {
        onChange(value)
        return true
    }
}
