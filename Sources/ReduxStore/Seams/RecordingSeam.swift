package import ReduxCore
internal import ReduxReducers
package import ReduxShared

/// What the modules that record, replay and restore a store (ReduxTimeTravel, ReduxPersistence,
/// ReduxInspector) may do to it, and nothing else: one of the store's three seams (decision 23).
/// Get it from ``Store/recordingSeam``; every call goes to the store in its serial order unless
/// it says otherwise.
package protocol RecordingSeam<Root> {
    /// The state type of the store.
    associatedtype Root

    /// The lock that guards the state, held while the recorder is called: a recorder may guard
    /// its own data with it, so that recording takes no lock of its own.
    var lock: Lock { get }

    /// Starts recording: the recorder sees every action applied after the ones already queued.
    /// A store has one recorder at a time; a second is refused and reported as misuse.
    ///
    /// - Parameter recorder: What receives the applied actions.
    func attach(_ recorder: any StoreRecorder<Root>)

    /// Stops recording into `recorder`; nothing changes when another recorder is the store's.
    ///
    /// - Parameter recorder: The recorder to detach.
    func detach(_ recorder: any StoreRecorder<Root>)

    /// Applies recorded actions one at a time: for each, the reducers, the recorder and the
    /// observers, but not the middleware (the actions were recorded after it). Async reducers they
    /// reach start no effect: the journal holds their results.
    ///
    /// - Parameter actions: The recorded actions, oldest first.
    func applyRecorded(_ actions: ArraySlice<any Action>)

    /// Sets the state an async result led to, read from a journal: observers are notified and a
    /// recorder records it as a result, named by `marker`, so that recording a replay keeps every
    /// entry.
    ///
    /// - Parameters:
    ///   - state: The state after the result.
    ///   - marker: What the recorder records for it.
    func applyRecordedResult(_ state: Root, recordingAs marker: any Action)

    /// Moves the store to a state worked out when the move's turn comes, so that the plan sees
    /// every action applied before it: sets the start, applies the actions with the reducers only
    /// (no middleware, recorder or observers; async results muted), then notifies the observers
    /// once of where it arrived.
    ///
    /// - Parameter plan: Called holding the lock: the state to start from and the actions to
    ///   apply to it, or nil to stay.
    func travel(_ plan: @escaping () -> (start: Root, actions: [any Action])?)

    /// Replaces a part of the state without reducers: the observers hear of it once, as of a
    /// travel.
    ///
    /// - Parameter change: Changes the state; called holding the lock.
    func restore(_ change: @escaping (inout Root) -> Void)

    /// The action types the store's features record, with their journal names, in the order the
    /// features were added. Read now, not in the serial order.
    var recordedActions: [(name: String, type: any (Action & Codable).Type)] { get }

    /// The journal name of an action type a feature records; nil if none does. Read now.
    ///
    /// - Parameter type: The action type.
    func recordedName(of type: Any.Type) -> String?

    /// The names of the features whose reducers handle an action type, for a message. Read now.
    ///
    /// - Parameter type: The action type.
    func featureNames(handling type: Any.Type) -> [String]

    /// Whether a recorded action of this type name may be handled by a reducer of the store:
    /// a reducer is registered for an action type of that name (its journal name, or its name
    /// without the module), or for a protocol existential or a class, which an unknown type might
    /// match. Read now.
    ///
    /// - Parameter typeName: The type name a journal wrote.
    func mayHandle(actionNamed typeName: String) -> Bool

    /// Whether a reducer of a feature placed at elements may handle an action type: then an
    /// action of that type addressed to an element needs its address to be replayed. Called
    /// holding the store's lock (from ``StoreRecorder/record(_:after:cause:site:isAddressed:)``).
    ///
    /// - Parameter type: The action type.
    func reducesAtElements(_ type: Any.Type) -> Bool
}

extension Store {
    /// What the modules that record, replay and restore the store may do to it.
    package var recordingSeam: some RecordingSeam<Root> {
        StoreRecordingSeam(store: self)
    }
}

/// A store's ``RecordingSeam``: each requirement is the store's method of that name.
struct StoreRecordingSeam<Root: State>: RecordingSeam {
    let store: Store<Root>

    var lock: Lock { store.lock }

    func attach(_ recorder: any StoreRecorder<Root>) { store.attach(recorder: recorder) }

    func detach(_ recorder: any StoreRecorder<Root>) { store.detach(recorder: recorder) }

    func applyRecorded(_ actions: ArraySlice<any Action>) { store.applyRecorded(actions) }

    func applyRecordedResult(_ state: Root, recordingAs marker: any Action) {
        store.applyRecordedResult(state, recordingAs: marker)
    }

    func travel(_ plan: @escaping () -> (start: Root, actions: [any Action])?) { store.travel(plan) }

    func restore(_ change: @escaping (inout Root) -> Void) { store.restore(change) }

    var recordedActions: [(name: String, type: any (Action & Codable).Type)] { store.recordedActions }

    func recordedName(of type: Any.Type) -> String? { store.recordedName(of: type) }

    func featureNames(handling type: Any.Type) -> [String] { store.featureNames(handling: type) }

    func mayHandle(actionNamed typeName: String) -> Bool {
        // A container of another kind cannot be asked: it may handle anything.
        guard let registry = store.registry as? ReducerRegistry else { return true }
        return registry.slots.registeredReducers.map(\.actionType).contains { type in
            // An existential or a class: an action of an unknown type could match it.
            !(type is any Action.Type) || type is AnyClass
                || journalName(of: type) == typeName || unqualifiedName(of: type) == typeName
                || typeName.hasSuffix("." + unqualifiedName(of: type))
        }
    }

    func reducesAtElements(_ type: Any.Type) -> Bool {
        guard store.hasElementPlacements else { return false }
        guard let registry = store.registry as? ReducerRegistry else { return true }
        // An existential or a class may match an action of that type too.
        let slots = Set(
            registry.slots.slots {
                $0.actionType == type || !($0.actionType is any Action.Type) || $0.actionType is AnyClass
            })
        return store.elementPlacements.contains { slots.contains($0.slot) }
    }
}
