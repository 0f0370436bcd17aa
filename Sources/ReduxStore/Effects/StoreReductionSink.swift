internal import ReduxCore
internal import ReduxReducers
internal import ReduxShared

/// The store's side of a reduction and of its effects: starts the effects reducers return,
/// lands what they hand back, and holds the dependencies they read.
///
/// - Note: `@unchecked Sendable`: `store` is set once, before the store is shared; `dependencies`
///   never changes after the initialiser.
final class StoreReductionSink<Root: State>: ReductionSink, EffectSink, @unchecked Sendable {
    weak var store: Store<Root>?
    let dependencies: Dependencies
    /// `dependencies` as an effect's task carries them (``EffectTaskValues``), boxed once; nil
    /// when they read as `Dependencies.current` reads outside any store.
    let taskDependencies: (any Sendable)?
    /// Whether `taskDependencies` is nil, said once: comparing the optional existential copied it
    /// and destroyed the copy at every task made.
    private let carriesNone: Bool

    /// The dependencies that hear when effects start and end work (a test clock).
    let workObservers: [any EffectWorkObserver]

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        (taskDependencies, workObservers) = dependencies.effectTaskSetup
        carriesNone = taskDependencies == nil
        if !carriesNone { EffectTaskValues.noteBinding() }
    }

    /// Makes an effect's task with the store's dependencies, for the code its work calls
    /// (`Dependencies.current`): bound around the making of the task, which copies the task-local
    /// values bound where it is made (on a task or on a thread outside any task).
    ///
    /// Bound where the task is made rather than inside it: inside, the binding cost the task two
    /// more async frames and executor hops (`withValue`'s and its closure's) on top of the value's
    /// push and pop. Dependencies with nothing to carry are not bound, unless another store's are
    /// bound where the task is made (its effect dispatched here), which the task must not inherit;
    /// a task with no task-local values is cheaper to make and to run.
    func withDependencies<Made>(_ makeTask: () -> Made) -> Made {
        if carriesNone, !EffectTaskValues.mayBeBound || EffectTaskValues.dependencies == nil {
            return makeTask()
        }
        return EffectTaskValues.$dependencies.withValue(taskDependencies, operation: makeTask)
    }

    func start(
        _ operation: consuming EffectOperation, reducerType: Any.Type, slot: ObjectIdentifier, action: any Action
    ) {
        store?.startLocked(consume operation, reducerType: reducerType, slot: slot, action: action)
    }

    func fail(with error: any Error, _ work: any RunningWork, handler: (@Sendable (any Error) -> Void)?) {
        store?.fail(with: error, work.effect, handler: handler)
    }

    var address: [ElementStep] {
        store?.currentAddress ?? []
    }

    var issueReporter: IssueReporter {
        store?.issueReporter ?? .default
    }

    func deliver(_ action: any Action, from work: any RunningWork, site: CallSite?, isChange: Bool) {
        store?.deliver(action, from: work.effect, site: site, isChange: isChange)
    }

    func end(_ work: any RunningWork) {
        store?.end(work.effect)
    }

    /// Starts the task of `work` for the running effect the store registered, with the store's
    /// dependencies bound where it is made (``withDependencies(_:)``).
    func startTask(of work: EffectWork, for running: RunningEffect) {
        running.task = withDependencies { work.start(self, running) }
    }

    /// Makes the task: one that prefers the awaited dispatch's tracker as its task executor, so
    /// that the awaiting task runs it (``DrainingTracker``), for work such a dispatch waits for.
    func makeTask<Success: Sendable>(
        for work: any RunningWork, _ operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task<Success, any Error> {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
            let tracker = work.effect.tracker as? DrainingTracker
        {
            return Task(executorPreference: tracker, operation: operation)
        }
        return Task(operation: operation)
    }

    /// Runs an earlier reducer form's work in a task made as ``makeTask(for:_:)`` makes one, so
    /// that an awaited dispatch's awaiting task runs it too.
    func spawn(_ work: any RunningWork, _ body: @escaping @Sendable () async -> Void) {
        work.effect.task = withDependencies { makeTask(for: work) { await body() } }
    }

    func perform(_ operation: EffectOperation, within work: any RunningWork) async {
        await store?.perform(operation, within: work.effect)
    }

    func read<Value>(_ type: Value.Type, slot: ObjectIdentifier) -> Value? {
        store?.read(type, declaredBy: slot)
    }
}
