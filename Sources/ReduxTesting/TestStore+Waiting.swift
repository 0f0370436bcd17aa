import Dispatch
import MultiRedux
internal import ReduxShared
import ReduxTimeTravel

extension TestStore {
    /// What every timeout failure tells the reader to do.
    static var timeoutAdvice: String {
        "An effect that should have delivered may be waiting for time the test did not advance (a "
            + "TestClock), for a dependency the test did not stub, or it never ends. If it only needs more "
            + "time, pass `timeout:` or set `store.timeout`."
    }

    /// Applies an action through the real store, and waits until it has been applied with what
    /// was queued meanwhile (an observer's or a middleware's dispatches), at most `timeout`. The
    /// effects it starts keep running.
    ///
    /// On timeout (another thread keeps the store busy, or a reducer blocks) the step fails,
    /// naming the action, and the test goes on.
    ///
    /// - Parameters:
    ///   - action: The action: one the test sends, or a held one the test lets through.
    ///   - description: The action described for the failure.
    ///   - step: The step, for the failure: `send(LoadProfile)`.
    ///   - timeout: How long to wait; nil for ``timeout``.
    ///   - location: Where the failure points.
    ///   - isHeld: Whether the action is one the store held (an effect's output the test lets
    ///     through), or one the test sends.
    ///   - address: The element the action is addressed to; empty for none.
    func apply(
        _ action: any Action, describedAs description: String, during step: String,
        timeout: TestTimeout?, at location: TestFailure.Location, isHeld: Bool = true, address: [ElementStep] = [],
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let limit = timeout ?? self.timeout
        let applied = Settlement()
        if isHeld {
            store.testingSeam.release(action, address: address)
        } else if address.isEmpty {
            store.dispatch(action)
        } else {
            store.testingSeam.dispatch(action, address: address, onSettled: {})
        }
        store.testingSeam.afterQueuedWork(applied.open)
        guard await !applied.wait(until: limit.deadlineFromNow) else { return }
        reporter.fail(
            "\(step) timed out after \(limit): the store has not finished applying \(description); a reducer, "
                + "middleware or observer of this store blocks, or another thread keeps it busy.",
            at: location)
    }

    /// Lets held results through without asserting what they change, oldest first.
    ///
    /// - Parameters:
    ///   - results: The results to apply.
    ///   - step: The step applying them, for a timeout failure.
    ///   - timeout: How long to wait for each to be applied; nil for ``timeout``.
    ///   - location: Where a timeout failure points.
    func apply(
        _ results: [HeldResult], during step: String, timeout: TestTimeout?,
        at location: TestFailure.Location, isolation: isolated (any Actor)? = #isolation
    ) async {
        for result in results {
            await apply(
                result.action, describedAs: describeInFlight(result.action), during: step, timeout: timeout,
                at: location, address: result.address)
        }
        expectedState = store.state
    }

    /// Waits until a condition holds, checking it again each time something is held or effects
    /// end, and once more after what the store had queued has been applied (an effect's last
    /// result may still be on its way when the effect ends).
    ///
    /// - Parameters:
    ///   - deadline: When to give up; nil waits for as long as it takes.
    ///   - isDone: The condition, checked on the test's actor.
    /// - Returns: Whether the condition held before the deadline.
    func wait(
        until deadline: DispatchTime?, isolation: isolated (any Actor)? = #isolation, for isDone: () -> Bool
    ) async -> Bool {
        while true {
            let change = held.nextChange()
            if isDone() {
                // What an effect handed back just before it ended is applied in the store's order:
                // check once more behind it.
                guard await barrier(until: deadline) else { return isDone() }
                if isDone() { return true }
                continue
            }
            guard await change.wait(until: deadline) else { return isDone() }
        }
    }

    /// Waits until the store has applied everything queued so far.
    ///
    /// - Parameter deadline: When to give up; nil waits for as long as it takes.
    /// - Returns: Whether the store got there before the deadline.
    func barrier(until deadline: DispatchTime?, isolation: isolated (any Actor)? = #isolation) async -> Bool {
        let passed = Settlement()
        store.testingSeam.afterQueuedWork(passed.open)
        return await passed.wait(until: deadline)
    }

    /// The effects still running, one line each: `LoadTodosReducer, started for LoadTodos()`.
    var effectsInFlight: [String] {
        store.testingSeam.runningEffects.map { effect in
            "\(ValueDescription.reducerName(of: effect.reducerType)), started for \(describeInFlight(effect.cause))"
        }
    }

    /// Fails when effects are still running, listing each with the action it started for.
    ///
    /// - Parameters:
    ///   - headline: The first line of the message.
    ///   - location: Where the failure points.
    func reportInFlight(_ headline: String, at location: TestFailure.Location) {
        let running = effectsInFlight
        guard !running.isEmpty else { return }
        reporter.fail(
            headline + "\n" + FailureMessage.list(running) + "\n" + Self.timeoutAdvice + cancelNote, at: location)
    }
}

/// Describes an action in flight for a timeout failure: a result as `the UserState change from
/// LoadProfileReducer`, any other action by its value.
///
/// - Parameter action: The action.
/// - Returns: One line.
func describeInFlight(_ action: any Action) -> String {
    guard let result = action as? any AsyncResultCarrier else { return ValueDescription.action(action) }
    let resultName = ValueDescription.name(of: result.resultType)
    return "the \(resultName) change from \(ValueDescription.reducerName(of: result.reducerType))"
}
