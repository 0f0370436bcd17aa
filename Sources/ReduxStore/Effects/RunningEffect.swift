internal import ReduxCore
internal import ReduxReducers
internal import ReduxShared

/// Work started by an effect, as long as it runs: what started it, and whether it was cancelled.
///
/// - Note: `@unchecked Sendable`: the mutable fields are guarded by the lock of the store that
///   started the work (the store's `lock`), which also makes every access exclusive: their run-time
///   exclusivity checks are off (`@exclusivity(unchecked)`, honoured only inside this module, which
///   is why the class is here and the work knows it as a ``RunningWork``).
final class RunningEffect: RunningWork, @unchecked Sendable {
    /// The async reducer that started the work.
    let reducerType: Any.Type
    /// The place whose state the work changes.
    let slot: ObjectIdentifier
    /// The work's cancellation id, if any.
    let id: EffectID?
    /// The action whose reduction started the work.
    let cause: any Action
    /// The awaited dispatch the work belongs to, if any: it waits for the work and for what the
    /// work hands back.
    let tracker: DispatchTracker?
    /// The element the work belongs to, for work a feature placed at each element started; its
    /// changes and follow-up actions are addressed there, and it ends when the element leaves.
    let address: [ElementStep]
    /// The task running the work. Its failure type is `any Error` though it never throws: a
    /// `Task<Void, Never>` wraps its non-throwing closure in a throwing one, which allocates a
    /// context per task.
    @exclusivity(unchecked) var task: Task<Void, any Error>?
    /// Set when the work is cancelled: nothing it hands back lands after that.
    @exclusivity(unchecked) var isCancelled = false
    /// Set when the work ended or was cancelled: it no longer counts as running.
    @exclusivity(unchecked) var isFinished = false
    /// Set for a step of other work (a part of a concatenation or a merge): a test clock counts
    /// the work it is a step of (``EffectWorkObserver``), not the step as well.
    @exclusivity(unchecked) var isStep = false
    /// What the store's recorder gave `cause` (`StoreRecorder.markForCause()`), so that what the
    /// work hands back is recorded as caused by it; 0 when nothing recorded it.
    @exclusivity(unchecked) var causeMark = 0
    /// Where `cause` was dispatched, when a recorder recorded it: the site of what the work
    /// hands back without one of its own.
    @exclusivity(unchecked) var causeSite: CallSite?
    /// Where the store's list of running effects holds it (-1 when not running); guarded by the
    /// store's lock. Lets the store remove it without hashing.
    @exclusivity(unchecked) var runningIndex = -1
    /// The sink of the store that started the work, which the work hands its results to.
    let sink: any EffectSink

    init(
        reducerType: Any.Type, slot: ObjectIdentifier, id: EffectID?, cause: any Action, tracker: DispatchTracker?,
        address: [ElementStep] = [], sink: any EffectSink
    ) {
        self.address = address
        self.reducerType = reducerType
        self.slot = slot
        self.id = id
        self.cause = cause
        self.tracker = tracker
        self.sink = sink
    }
}

extension RunningWork {
    /// The store's own record of the work: every ``RunningWork`` a store's sink is handed is one it
    /// made.
    var effect: RunningEffect {
        unsafeDowncast(self, to: RunningEffect.self)
    }
}
