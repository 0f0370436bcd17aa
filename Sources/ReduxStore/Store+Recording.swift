import ReduxCore
internal import ReduxReducers

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
    func record(_ action: any Action, after state: UnsafePointer<Root>)

    /// Called holding the store's lock when recording starts, with the state then.
    ///
    /// - Parameter state: The state before the first recorded action.
    func start(from state: Root)
}

extension Store {
    /// Starts (or, with nil, stops) recording, in the store's serial order: the recorder sees
    /// every action applied after the ones already queued.
    ///
    /// - Parameter recorder: What receives the applied actions.
    package func attach(recorder: (any StoreRecorder<Root>)?) {
        enqueue(
            .perform { [self] in
                lock.withLock {
                    recorder?.start(from: statePointer.pointee)
                    self.recorder = recorder
                }
            })
    }

    /// The lock that guards the state, held while the recorder is called: a recorder may guard
    /// its own data with it, so that recording takes no lock of its own.
    package var recordingLock: Lock {
        lock
    }

    /// Hands an applied action to the recorder. Called holding the lock; kept out of line so that
    /// a dispatch to a store that records nothing pays only for the `isRecording` branch.
    @inline(never)
    func recordLocked(_ action: any Action) {
        recorder?.record(action, after: statePointer)
    }

    /// Applies recorded actions in the store's serial order, one at a time: for each, the
    /// reducers, the recorder and the observers, but not the middleware (the actions were recorded
    /// after it). Async reducers they reach start no effect: the journal holds their results.
    ///
    /// - Parameter actions: The recorded actions, oldest first.
    package func applyRecorded(_ actions: ArraySlice<any Action>) {
        enqueue(
            .perform { [self] in
                lock.withLock { suppressesEffects = true }
                for action in actions {
                    reduce(action, tracker: nil)
                }
                lock.withLock { suppressesEffects = false }
            })
    }

    /// Moves the store to a state, in its serial order: sets `start`, applies `actions` with the
    /// reducers only (no middleware, recorder or observers; async results muted), then notifies
    /// the observers once of where it arrived.
    ///
    /// - Parameters:
    ///   - start: The state to start from.
    ///   - actions: The actions to apply to it.
    package func travel(from start: Root, applying actions: [any Action]) {
        travel { (start, actions) }
    }

    /// Moves the store to a state worked out when the move's turn comes in the serial order, so
    /// that the plan sees every action applied before it.
    ///
    /// - Parameter plan: Called holding the lock: the state to start from and the actions to
    ///   apply to it, or nil to stay.
    package func travel(_ plan: @escaping () -> (start: Root, actions: [any Action])?) {
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
