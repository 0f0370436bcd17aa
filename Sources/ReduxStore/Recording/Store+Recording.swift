package import ReduxCore
internal import ReduxReducers
package import ReduxShared

/// Receives every action a store applies, for time travel (Sources/ReduxTimeTravel).
package protocol StoreRecorder<Root>: AnyObject, Sendable {
    /// The state type of the store recorded.
    associatedtype Root

    /// Records an applied action.
    ///
    /// Called by the thread applying the store's actions, holding the store's lock, right after
    /// the reducers ran: once per applied action, in the store's serial order, after middleware.
    ///
    /// - Parameters:
    ///   - action: The action, as the reducers saw it.
    ///   - state: The state after it; valid during the call only. A pointer, so that a recorder
    ///     that does not keep the state does not pay for copying it.
    ///   - cause: For what an effect handed back (a change or a follow-up action), the mark
    ///     ``markForCause()`` gave the effect when the action that started it was reduced; 0
    ///     otherwise, and for an effect started before recording began.
    ///   - site: Where the action was sent (its `dispatch`, or its effect's `send` or `update`;
    ///     for a result the framework handed back, where the action that started the effect was
    ///     sent); nil when unknown.
    ///   - isAddressed: Whether the action was addressed to an element (sent from an element's
    ///     scope, or by an element's work): replaying the action alone would not reach the
    ///     element, so the recorder keeps the state it left.
    func record(_ action: any Action, after state: UnsafePointer<Root>, cause: Int, site: CallSite?, isAddressed: Bool)

    /// A mark for the effects started while the action being reduced runs its reducers: the
    /// action is recorded next, and the mark tells ``record(_:after:cause:site:isAddressed:)`` which recorded
    /// action caused what those effects hand back. Called holding the store's lock.
    ///
    /// - Returns: A positive number, opaque to the store.
    func markForCause() -> Int

    /// Called holding the store's lock when recording starts, with the state then.
    ///
    /// - Parameter state: The state before the first recorded action.
    func start(from state: Root)
}

extension Store {
    /// Starts recording, in the store's serial order: the recorder sees every action applied
    /// after the ones already queued. A store has one recorder at a time: while another records
    /// (an `ActionRecorder`, or the journal of a ReduxPersistence `Persistence`), this one is
    /// refused, reported as misuse, and records nothing; the other goes on undisturbed.
    ///
    /// - Parameter recorder: What receives the applied actions.
    func attach(recorder: any StoreRecorder<Root>) {
        enqueue(
            .perform { [self] in
                let refused = lock.withLock {
                    if case .some = self.recorder { return true }  // a pattern: see `recorder`
                    recorder.start(from: statePointer.pointee)
                    self.recorder = recorder
                    // Effects started before: what they hand back has no recorded cause.
                    for effect in effects.all {
                        effect.causeMark = 0
                    }
                    return false
                }
                if refused {
                    issueReporter.report(
                        ReduxIssue(
                            .misuse,
                            "This store already records its actions (an ActionRecorder, or a ReduxPersistence "
                                + "Persistence, whose journal records them), and a store has one recorder at a time: "
                                + "the new recorder records nothing. Stop the other one first; with Persistence, read "
                                + "what it recorded from its recentSession."))
                }
            })
    }

    /// Stops recording into `recorder`, in the store's serial order; nothing changes when another
    /// recorder is the store's.
    ///
    /// - Parameter recorder: The recorder to detach.
    func detach(recorder: any StoreRecorder<Root>) {
        enqueue(
            .perform { [self] in
                lock.withLock {
                    if self.recorder === recorder {
                        self.recorder = nil
                    }
                }
            })
    }

    /// Hands an applied action to the recorder. Called holding the lock; kept out of line so that
    /// a dispatch to a store that records nothing pays only for the `isRecording` branch.
    @inline(never)
    func recordLocked(_ action: any Action) {
        recorder?.record(
            action, after: statePointer, cause: currentOrigin?.causeMark ?? 0, site: recordedSite,
            isAddressed: !currentAddress.isEmpty)
    }

    /// Marks an effect being started with the recorded action that causes it (the action being
    /// reduced, which the recorder records next). Called holding the lock, while reducing.
    func markRecordedCauseLocked(of effect: RunningEffect) {
        guard isRecording, let recorder else { return }
        effect.causeMark = recorder.markForCause()
        effect.causeSite = recordedSite
    }

    /// Applies recorded actions in the store's serial order, one at a time: for each, the
    /// reducers, the recorder and the observers, but not the middleware (the actions were recorded
    /// after it). Async reducers they reach start no effect: the journal holds their results.
    ///
    /// - Parameter actions: The recorded actions, oldest first.
    func applyRecorded(_ actions: ArraySlice<any Action>) {
        enqueue(
            .perform { [self] in
                lock.withLock { suppressesEffects = true }
                for action in actions {
                    reduce(action, tracker: nil)
                }
                lock.withLock { suppressesEffects = false }
            })
    }

    /// Sets the state an async result led to, read from a journal, in the store's serial order:
    /// observers are notified and a recorder records it as a result, named by `marker` (an
    /// ``AsyncResultCarrier``), so that recording a replay keeps every entry.
    ///
    /// - Parameters:
    ///   - state: The state after the result.
    ///   - marker: What the recorder records for it.
    func applyRecordedResult(_ state: Root, recordingAs marker: any Action) {
        enqueue(
            .perform { [self] in
                lock.lock()
                statePointer.pointee = state
                if isRecording {
                    recordedSite = nil
                    recordLocked(marker)
                }
                let groups = observationGroups
                lock.unlock()
                notify(groups, of: state)
            })
    }

    /// Moves the store to a state worked out when the move's turn comes in the serial order, so
    /// that the plan sees every action applied before it.
    ///
    /// - Parameter plan: Called holding the lock: the state to start from and the actions to
    ///   apply to it, or nil to stay.
    func travel(_ plan: @escaping () -> (start: Root, actions: [any Action])?) {
        enqueue(
            .perform { [self] in
                lock.lock()
                guard let (start, actions) = plan() else {
                    lock.unlock()
                    return
                }
                statePointer.pointee = start
                suppressesEffects = true
                isReducing = true
                for action in actions {
                    _ = runReducersLocked(action)
                }
                isReducing = false
                suppressesEffects = false
                let groups = observationGroups
                let arrived = statePointer.pointee
                lock.unlock()
                notify(groups, of: arrived)
            })
    }
}

/// A feature placed in a store, with the action types it records (the `Codable` actions its
/// reducers handle, collected as it registers them, during its install or later through a
/// container it kept) and the names a journal gives them.
struct FeatureRecording: Sendable {
    /// The feature's type name, without its module.
    let feature: String
    /// The feature's place.
    let slot: ObjectIdentifier
    /// The action types collected so far, named; shared by the copies the store and the
    /// feature's container hold.
    private let collected = LockedValue<[(name: String, type: any (Action & Codable).Type)]>([])

    init(feature: Any.Type, slot: ObjectIdentifier) {
        self.feature = unqualifiedName(of: feature)
        self.slot = slot
    }

    /// Notes the action type of a reducer the feature registered, when it is `Codable` and not
    /// noted yet.
    func collect(_ actionType: Any.Type) {
        guard let codable = actionType as? any (Action & Codable).Type else { return }
        collected.withLock { types in
            if !types.contains(where: { $0.type == codable }) {
                types.append((feature + "." + unqualifiedName(of: codable), codable))
            }
        }
    }

    /// The recorded action types, each with its journal name: `Feature.Action`, which survives
    /// renaming the module.
    var actions: [(name: String, type: any (Action & Codable).Type)] {
        collected.withLock { $0 }
    }
}

extension Store {
    /// The action types the store's features record, with their journal names, in
    /// the order the features were added.
    var recordedActions: [(name: String, type: any (Action & Codable).Type)] {
        lock.withLock { featureRecordings.flatMap(\.actions) }
    }

    /// The journal name of an action type a feature records; nil if none does.
    func recordedName(of type: Any.Type) -> String? {
        lock.withLock {
            for recording in featureRecordings {
                if let declared = recording.actions.first(where: { $0.type == type }) {
                    return declared.name
                }
            }
            return nil
        }
    }

    /// The names of the features whose reducers handle an action type, for a message.
    func featureNames(handling type: Any.Type) -> [String] {
        guard let registry = registry as? ReducerRegistry else { return [] }
        let slots = Set(registry.slots.slots { $0.actionType == type })
        return lock.withLock { featureRecordings.filter { slots.contains($0.slot) }.map(\.feature) }
    }
}
