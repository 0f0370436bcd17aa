import Foundation
public import ReduxCore
internal import ReduxReducers
package import ReduxShared
public import ReduxStore

/// Records every action a store applies, and moves the store back and forth through them.
///
/// ```swift
/// let recorder = ActionRecorder(store, snapshotInterval: 100)
/// store.dispatch(Increment())
/// store.dispatch(Increment())
/// recorder.move(to: 1)          // the state after the first Increment
/// recorder.returnToPresent()    // the state after both
/// ```
///
/// The recorder sees each action after the middleware, in the store's serial order, and keeps a
/// snapshot of the state every `snapshotInterval` actions, so that a jump replays fewer than that
/// many actions, however long the journal.
///
/// Dispatching while the store shows a past state starts a new branch: the recorded actions after
/// that state are discarded (in a journal file, the next line's sequence number goes back, and a
/// reader drops the lines it replaces), and the action is recorded after it. See
/// Docs/Decisions/0012-time-travel.md.
///
/// - Note: `@unchecked Sendable`: the store's lock guards the journal, the snapshots and the
///   position (the store calls the recorder holding it, so recording takes no lock of its own;
///   hence also `@exclusivity(unchecked)`, which spares the dynamic checks per action).
///   Moves are applied in the store's serial order; when the store is idle, a move has reached the
///   observers when it returns. The store holds the recorder until ``stop()``; the recorder holds
///   the store weakly.
public final class ActionRecorder<Root: State>: @unchecked Sendable {
    private let lock: Lock
    private weak var store: Store<Root>?
    private let interval: Int
    private let file: JournalWriter?
    /// The applied actions, async reducers' results included, in chunks that are never moved
    /// (``ActionLog``). Not `[JournalEntry<Root>]`: an array of a generic element costs a metadata
    /// look-up on every append in this unspecialised code.
    @exclusivity(unchecked) private var actions = ActionLog()
    /// The state after each async reducer's result, by its index in `actions`.
    @exclusivity(unchecked) private var resultStates: [Int: Root] = [:]
    /// For what an effect handed back, the index of the action whose reducer started the effect.
    @exclusivity(unchecked) private var causes: [Int: Int] = [:]
    /// Where each recorded action was sent, by index, packed (``CallSite/packed``, one word,
    /// not an optional's two); 0 where unknown.
    @exclusivity(unchecked) private var sites: [UInt64] = []
    /// When each recorded action was applied, by index: milliseconds since 1970 (``clock``).
    @exclusivity(unchecked) private var times: [Double] = []
    /// The clock the times are read from, started with the recording.
    @exclusivity(unchecked) private var clock = RecordingClock()
    /// `branchPoints[e]` is how many actions the branch that ended epoch `e` kept: a cause mark
    /// (``markForCause()``) is the epoch and the sequence number the cause was given.
    @exclusivity(unchecked) private var branchPoints: [Int] = []
    /// `snapshots[k]` is the state after `k * interval` actions; `snapshots[0]` the state when
    /// recording started.
    @exclusivity(unchecked) private var snapshots: [Root] = []
    /// How many actions the store's state reflects; `actions.count` at the present.
    @exclusivity(unchecked) private var shownPosition = 0
    private var reportedTypes: Set<String> = []
    /// Whether the file marked an entry as not replayable.
    @exclusivity(unchecked) private var wroteNotReplayable = false
    /// Which action types are async reducers' results, or carry a closure that a journal may not
    /// hold (``kind(of:)``), so that recording asks the runtime once per type.
    @exclusivity(unchecked) private var resultTypes = TypeNumbers()
    /// The ``JournaledAsState`` types recorded, numbered by ``kind(of:)``.
    @exclusivity(unchecked) private var journaledTypes: [any JournaledAsState.Type] = []

    /// Starts recording a store's actions.
    ///
    /// - Parameters:
    ///   - store: The store to record.
    ///   - snapshotInterval: How many actions apart the recorder keeps a snapshot of the state:
    ///     a jump replays fewer than this many actions; memory grows by one state per interval.
    ///   - file: Where to append each action as it is applied, besides memory; nil records to
    ///     memory only.
    ///
    /// A store has one recorder at a time: while another records it (another `ActionRecorder`,
    /// or a ReduxPersistence `Persistence`, which records into its journal), this one is reported
    /// to the store's issue reporter as misuse and records nothing.
    public init(_ store: Store<Root>, snapshotInterval: Int = 1_000, file: JournalWriter? = nil) {
        self.store = store
        interval = max(1, snapshotInterval)
        self.file = file
        lock = store.recordingSeam.lock
        file?.nameActions { [weak store] type in store?.recordingSeam.recordedName(of: type) }
        store.recordingSeam.attach(self)
    }

    /// Stops recording, and writes what a buffered journal file still holds; the journal so far
    /// stays readable. The store is left in the state it shows, and releases the recorder.
    public func stop() {
        store?.recordingSeam.detach(self)
        file?.flush()
    }

    /// The actions recorded so far, oldest first (the current branch).
    ///
    /// - Complexity: O(*n*) in the number of recorded actions.
    public var journal: Journal<Root> {
        lock.withLock {
            var journal = Journal<Root>(causes: causes)
            journal.entries =
                resultStates.isEmpty ? actions.map { .action($0) } : (0..<actions.count).map(entry(at:))
            journal.recordedStates = resultStates
            // A site's text is made once: a session's actions come from a few call sites.
            var described: [UInt64: String] = [:]
            journal.sites.reserveCapacity(sites.count)
            for (index, packed) in sites.enumerated() {
                if let text = described[packed] {
                    journal.sites[index] = text
                } else if let site = CallSite(packed: packed) {
                    let text = site.description
                    described[packed] = text
                    journal.sites[index] = text
                }
            }
            journal.times = Dictionary(uniqueKeysWithValues: times.enumerated().map { ($0, $1) })
            return journal
        }
    }

    /// How many recorded actions the store's state reflects: the journal's length at the
    /// present, less after a move back.
    public var position: Int {
        lock.withLock { shownPosition }
    }

    /// Whether the file holds an entry it marked as not replayable (an action that is not
    /// `Codable`, or an async result whose state is not): a state file folds such a journal into
    /// a snapshot soon, since a replay would pass over what that entry changed.
    package var fileHoldsNotReplayable: Bool {
        lock.withLock { wroteNotReplayable }
    }

    /// Whether the store shows the state after the last recorded action.
    public var isAtPresent: Bool {
        lock.withLock { shownPosition == actions.count }
    }

    /// Moves the store to the state after the first `position` recorded actions (0: the state
    /// when recording started); its observers get that state.
    ///
    /// The move takes its turn in the store's serial order, after the actions already queued.
    ///
    /// - Parameter position: From 0 to the journal's length; clamped to that range.
    /// - Complexity: O(`snapshotInterval`) reducer runs, whatever the journal's length.
    public func move(to position: Int) {
        move { _, _ in position }
    }

    /// Moves the store one recorded action back, if it is not at the start.
    public func stepBack() {
        move { shown, _ in shown - 1 }
    }

    /// Moves the store one recorded action forward, if it is not at the present.
    public func stepForward() {
        move { shown, _ in shown + 1 }
    }

    /// Moves the store to the state after the last recorded action.
    public func returnToPresent() {
        move { _, count in count }
    }

    /// Moves the store to a position worked out, in the serial order, from the position shown
    /// and the journal's length.
    private func move(to target: @escaping @Sendable (_ shown: Int, _ count: Int) -> Int) {
        store?.recordingSeam.travel { [self] in
            // Called by the store, holding its lock: the recorder's own.
            guard !snapshots.isEmpty else { return nil }
            let position = min(max(0, target(shownPosition, actions.count)), actions.count)
            shownPosition = position
            let snapshot = min(position / interval, snapshots.count - 1)
            var start = snapshots[snapshot]
            var replayed: [any Action] = []
            for index in (snapshot * interval)..<position {
                if let state = resultStates[index] {
                    start = state
                    replayed.removeAll(keepingCapacity: true)
                } else {
                    replayed.append(actions[index])
                }
            }
            return (start, replayed)
        }
    }

    /// The journal entry of a recorded action. Called holding the lock.
    private func entry(at index: Int) -> JournalEntry<Root> {
        guard let state = resultStates[index] else { return .action(actions[index]) }
        return .asyncResult(reducer: Self.reducerName(of: actions[index]), state: state)
    }

    /// The type name of the async reducer whose result an action is.
    private static func reducerName(of result: any Action) -> String {
        if let replayed = result as? ReplayedResult {
            return replayed.reducerName
        }
        // A binding write, or an action addressed to an element, is named by its own type.
        return (result as? any AsyncResultCarrier).map { journalName(of: $0.reducerType) }
            ?? journalName(of: type(of: result))
    }
}

extension ActionRecorder: StoreRecorder {
    /// Called by the store, holding its lock, when recording starts.
    package func start(from state: Root) {
        snapshots = [state]
        actions.removeAll()
        resultStates.removeAll()
        causes.removeAll()
        sites.removeAll()
        times.removeAll()
        clock = RecordingClock()
        branchPoints.removeAll()
        shownPosition = 0
    }

    /// Called by the store, holding its lock, when an effect starts while an action is reduced:
    /// that action is recorded next, with sequence number `shownPosition + 1`, in the branch
    /// that recording it starts if the store shows a past state.
    package func markForCause() -> Int {
        let epoch = branchPoints.count + (shownPosition < actions.count ? 1 : 0)
        return epoch << Self.epochShift | (shownPosition + 1)
    }

    /// Where the epoch starts in a cause mark: below it, the sequence number.
    private static var epochShift: Int { 40 }

    /// The index of the recorded action a cause mark names; nil if there is none, or a branch has
    /// discarded it since.
    private func causeIndex(_ mark: Int) -> Int? {
        let sequence = mark & ((1 << Self.epochShift) - 1)
        let epoch = mark >> Self.epochShift
        guard sequence >= 1, sequence < shownPosition, epoch <= branchPoints.count else { return nil }
        for kept in branchPoints[epoch...] where sequence > kept {
            return nil
        }
        return sequence - 1
    }

    /// Called by the store, holding its lock, after each applied action.
    ///
    /// Only non-generic storage (`actions`, `sites`, `times`) is touched on the common path, with
    /// one clock read; whatever involves `Root`
    /// (snapshots, results, the file) is out of line, since this unspecialised code would look up
    /// the metadata of `Root?` and `[Int: Root]` on entry, per action.
    package func record(
        _ action: any Action, after state: UnsafePointer<Root>, cause: Int, site: CallSite?, isAddressed: Bool
    ) {
        if shownPosition < actions.count {
            startBranch()
        }
        // An action addressed to an element is kept as the state it left: replayed alone, it
        // would reach no element. A binding write is kept as itself when its form names its field
        // (``JournaledAsState``) and no reducer placed at elements needs its address.
        let kind = resultTypes.value(for: type(of: action), compute: kind(of:))
        let isResult =
            kind >= 2 ? !isJournaledAsItself(action, kind: kind, isAddressed: isAddressed) : isAddressed || kind == 1
        actions.append(action)
        sites.append(site?.packed ?? 0)
        let time = clock.now
        times.append(time)
        shownPosition = actions.count
        if isResult || shownPosition % interval == 0 || file != nil || cause != 0 {
            recordState(
                action, after: state, isResult: isResult, cause: cause, trace: LineTrace(site: site, time: time))
        }
    }

    /// Whether an action that carries a closure (a binding write) is kept as itself, not as the
    /// state it left: its form names it, and, addressed to an element, it reaches no reducer
    /// placed at elements, so that replayed without the address it changes the same.
    @inline(never)
    private func isJournaledAsItself(_ action: any Action, kind: Int, isAddressed: Bool) -> Bool {
        guard journaledTypes[kind - 2].isJournaledAsItself(action) else { return false }
        return !isAddressed || !reducesAtElements(type(of: action))
    }

    /// What an action type's entries are: 1 an async result, 2 + i the ``JournaledAsState`` type
    /// `journaledTypes[i]`, 0 an action. Asked once per type.
    private func kind(of type: Any.Type) -> Int {
        if type is any AsyncResultCarrier.Type { return 1 }
        guard let journaled = type as? any JournaledAsState.Type else { return 0 }
        journaledTypes.append(journaled)
        return journaledTypes.count + 1
    }

    /// Whether a reducer placed at elements may handle an action type; true without a store.
    /// Apart, so that a write that is not addressed does not look the seam's type up.
    @inline(never)
    private func reducesAtElements(_ type: any Action.Type) -> Bool {
        store?.recordingSeam.reducesAtElements(type) ?? true
    }

    /// A dispatch after a move back: a new branch from the state shown.
    @inline(never)
    private func startBranch() {
        actions.removeSubrange(from: shownPosition)
        snapshots.removeSubrange((shownPosition / interval + 1)...)
        resultStates = resultStates.filter { $0.key < shownPosition }
        causes = causes.filter { $0.key < shownPosition }
        sites.removeSubrange(shownPosition...)
        times.removeSubrange(shownPosition...)
        branchPoints.append(shownPosition)
    }

    /// Keeps the state after the last action when it is a result or a snapshot is due, and
    /// writes the action to the file.
    @inline(never)
    private func recordState(
        _ action: any Action, after state: UnsafePointer<Root>, isResult: Bool, cause: Int, trace: LineTrace
    ) {
        let causeIndex = cause == 0 ? nil : causeIndex(cause)
        if let causeIndex {
            causes[shownPosition - 1] = causeIndex
        }
        if isResult {
            resultStates[shownPosition - 1] = state.pointee
        }
        if shownPosition % interval == 0 {
            snapshots.append(state.pointee)
        }
        guard let file else { return }
        // Neither line is made from a `JournalEntry<Root>`, whose metadata (and that of the
        // `Root?` the look-up of `resultStates` returns) would be looked up per action.
        let written =
            isResult
            ? file.append(
                resultOf: Self.reducerName(of: action), sequence: shownPosition, cause: causeIndex.map { $0 + 1 },
                after: state, trace: trace)
            : file.append(
                action: action, sequence: shownPosition, cause: causeIndex.map { $0 + 1 }, after: state, trace: trace)
        if !written {
            wroteNotReplayable = true
            reportNotReplayable(isResult ? nil : type(of: action))
        }
    }

    /// Reports, once per type, an entry the file marks as not replayable: an action that is not
    /// `Codable` (with the features that handle it), or an async result whose state is not.
    ///
    /// Reported as ``ReduxIssue/Kind/notReplayable``, which the default reporter writes to
    /// standard error without stopping a debug build: recording goes on.
    @inline(never)
    private func reportNotReplayable(_ actionType: (any Action.Type)?) {
        let typeName = actionType.map { String(reflecting: $0) } ?? JournalEntry<Root>.asyncResultName
        guard let file, let store, reportedTypes.insert(typeName).inserted else { return }
        let what: String
        if let actionType {
            let features = store.recordingSeam.featureNames(handling: actionType)
            let handled = features.isEmpty ? "" : " (handled by \(features.joined(separator: ", ")))"
            what = "The action \(typeName)\(handled) is not Codable"
        } else {
            what = "The state \(Root.self), which async results are journaled as, is not Codable"
        }
        store.issueReporter.report(
            ReduxIssue(
                .notReplayable,
                "\(what), so \(file.path) marks it (and every later one of its type) as not replayable; make "
                    + "it Codable to replay the journal."))
    }
}

/// The clock a recording's times are read from: the system clock when the recording started,
/// plus the time elapsed since on a monotonic clock that goes on while the device sleeps
/// (``continuousNanoseconds()``), so that the times of one recording never decrease (the system
/// clock may be set back), recordings appended to one journal share one axis, and an action
/// after an iPhone slept is stamped when it happened.
struct RecordingClock {
    /// Milliseconds since 1970 when the recording started.
    private let startMilliseconds = Date().timeIntervalSince1970 * 1_000
    /// The monotonic clock's reading then, in nanoseconds.
    private let startNanoseconds = continuousNanoseconds()

    /// Milliseconds since 1970, now.
    var now: Double {
        startMilliseconds + Double(continuousNanoseconds() &- startNanoseconds) / 1_000_000
    }
}
