import MultiRedux
import ReduxCore
internal import ReduxShared
import ReduxTimeTravel

/// The storage behind a ``TestStore``: the effect results and follow-up actions its middleware
/// holds back, first in first out, until the test receives them, the issues its store reported,
/// and the tasks waiting for either to change.
///
/// The middleware and the issue reporter run on whatever thread the store applies an action on
/// (an async reducer's completion thread, say); the test reads on its own task. Both sides go
/// through locks.
final class HeldResults: Sendable {
    private let results = LockedValue<[HeldResult]>([])
    private let issues = LockedValue<[ReduxIssue]>([])
    /// The gates to open at the next change: an action held, or effects ended.
    private let watchers = LockedValue<[Settlement]>([])

    /// Makes `store` hold what its effects hand back (each change, each follow-up action) here,
    /// instead of applying it, until the test receives it.
    func hold<Root: State>(_ store: Store<Root>) {
        store.testingSeam.holdEffectOutput { [self] output, address in
            results.withLock { $0.append(HeldResult(action: output, address: address)) }
            changed()
            return true
        }
    }

    /// The issue reporter of the test store's real store: it keeps every issue for the test
    /// store to report at the test's next step.
    var issueReporter: IssueReporter {
        IssueReporter { [self] issue in issues.withLock { $0.append(issue) } }
    }

    /// A gate that opens at the next change: an action held, or effects ending.
    ///
    /// Take it before checking what a change could bring about, so that a change made between
    /// the check and the wait is not missed.
    ///
    /// - Returns: The gate.
    func nextChange() -> Settlement {
        let gate = Settlement()
        watchers.withLock { $0.append(gate) }
        return gate
    }

    /// Opens the gates of ``nextChange()``: something was held, or effects ended. Safe to call
    /// from any thread.
    @Sendable func changed() {
        let gates = watchers.withLock { gates in
            defer { gates.removeAll() }
            return gates
        }
        for gate in gates {
            gate.open()
        }
    }

    /// The results held back, oldest first.
    var pending: [any Action] {
        results.withLock { $0.map(\.action) }
    }

    /// Removes results from the front of ``pending``.
    ///
    /// - Parameter count: How many results to remove from the front.
    /// - Returns: The removed results, oldest first.
    func removeFirst(_ count: Int) -> [HeldResult] {
        results.withLock { held in
            let removed = Array(held.prefix(count))
            held.removeFirst(removed.count)
            return removed
        }
    }

    /// Removes and returns every held result.
    ///
    /// - Returns: The results, oldest first.
    func removeAll() -> [HeldResult] {
        results.withLock { held in
            defer { held.removeAll() }
            return held
        }
    }

    /// Removes and returns the issues reported so far.
    ///
    /// - Returns: The issues, in the order reported.
    func takeIssues() -> [ReduxIssue] {
        issues.withLock { reported in
            defer { reported.removeAll() }
            return reported
        }
    }
}

/// Describes a held action for failure messages: `a UserState change from LoadProfileReducer`.
///
/// - Parameter action: A held result, or any action.
/// - Returns: One line.
/// A change or follow-up action an effect handed back, held until the test receives it, with the
/// element the effect belongs to (a feature placed at each element): released there.
struct HeldResult: @unchecked Sendable {
    /// What the effect handed back.
    let action: any Action
    /// The element it is addressed to; empty for none.
    let address: [ElementStep]
}

func describeHeld(_ action: any Action) -> String {
    guard let result = action as? any AsyncResultCarrier else { return ValueDescription.action(action) }
    let stateName = ValueDescription.name(of: result.resultType)
    return "a \(stateName) change from \(ValueDescription.reducerName(of: result.reducerType))"
}
